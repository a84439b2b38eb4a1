// A list chosen with the arrow keys and Enter, each choice with a one-line explanation. Esc asks to go back.
import React, { useState } from 'react';
import { Box, Text, useInput } from 'ink';

export interface Choice<T extends string> {
  value: T;
  label: string;
  help?: string;
}

export interface SelectListProps<T extends string> {
  label: string;
  choices: readonly Choice<T>[];
  initial?: T;
  onSelect(value: T): void;
  onBack?(): void;
  error?: string;
  hint?: string;
}

export function SelectList<T extends string>({ label, choices, initial, onSelect, onBack, error, hint }: SelectListProps<T>) {
  const [index, setIndex] = useState(() => Math.max(0, choices.findIndex((c) => c.value === initial)));
  useInput((_input, key) => {
    // Wraps around, like most terminal pickers, so three choices never need more than one key press away.
    if (key.upArrow) setIndex((i) => (i + choices.length - 1) % choices.length);
    else if (key.downArrow) setIndex((i) => (i + 1) % choices.length);
    else if (key.return) onSelect(choices[index].value);
    else if (key.escape) onBack?.();
  });
  return (
    <Box flexDirection="column">
      <Box>
        <Text color="cyan">? </Text>
        <Text bold>{label}</Text>
      </Box>
      {choices.map((c, i) => (
        <Box key={c.value}>
          <Text color={i === index ? 'cyan' : undefined}>{i === index ? '❯ ' : '  '}{c.label}</Text>
          {c.help ? <Text dimColor> — {c.help}</Text> : null}
        </Box>
      ))}
      {error ? <Text color="red">  {error}</Text> : null}
      {hint ? <Text dimColor>  {hint}</Text> : null}
    </Box>
  );
}
