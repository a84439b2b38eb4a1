// One labelled line of text input, with the error and key hint under it. Esc asks to go back.
import React from 'react';
import { Box, Text, useInput } from 'ink';
import TextInput from 'ink-text-input';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  onSubmit(value: string): void;
  onBack?(): void;
  /** Shown instead of each character (passwords). */
  mask?: string;
  error?: string;
  hint?: string;
}

export function TextField({ label, value, onChange, onSubmit, onBack, mask, error, hint }: TextFieldProps) {
  useInput((_input, key) => {
    if (key.escape) onBack?.();
  });
  return (
    <Box flexDirection="column">
      <Box>
        <Text color="cyan">? </Text>
        <Text bold>{label}: </Text>
        <TextInput value={value} onChange={onChange} onSubmit={onSubmit} mask={mask} />
      </Box>
      {error ? <Text color="red">  {error}</Text> : null}
      {hint ? <Text dimColor>  {hint}</Text> : null}
    </Box>
  );
}
