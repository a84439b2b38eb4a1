// Single-question screens behind promptText/promptSelect. Each exits Ink from an effect once answered, so the
// answered frame stays on screen (stack.md pitfall 17).
import React, { useEffect, useState } from 'react';
import { useApp } from 'ink';
import { TextField } from './TextField.js';
import { SelectList, type Choice } from './SelectList.js';

function useFinish<T>(answer: { value: T } | null, onAnswer: (value: T) => void): void {
  const { exit } = useApp();
  useEffect(() => {
    if (!answer) return;
    onAnswer(answer.value);
    exit();
  }, [answer]);
}

export interface TextPromptProps {
  label: string;
  initial?: string;
  mask?: string;
  hint?: string;
  /** Returns an error message to show and keep asking, or undefined to accept. */
  validate?(value: string): string | undefined;
  onAnswer(value: string): void;
}

export function TextPrompt({ label, initial = '', mask, hint, validate, onAnswer }: TextPromptProps) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string>();
  const [answer, setAnswer] = useState<{ value: string } | null>(null);
  useFinish(answer, onAnswer);
  const submit = (v: string) => {
    const problem = validate?.(v);
    if (problem) setError(problem);
    else setAnswer({ value: v });
  };
  return <TextField label={label} value={value} onChange={setValue} onSubmit={submit} mask={mask} error={error} hint={answer ? undefined : hint} />;
}

export interface SelectPromptProps<T extends string> {
  label: string;
  choices: readonly Choice<T>[];
  initial?: T;
  hint?: string;
  onAnswer(value: T): void;
}

export function SelectPrompt<T extends string>({ label, choices, initial, hint, onAnswer }: SelectPromptProps<T>) {
  const [answer, setAnswer] = useState<{ value: T } | null>(null);
  useFinish(answer, onAnswer);
  return <SelectList label={label} choices={choices} initial={initial} onSelect={(value) => setAnswer({ value })} hint={answer ? undefined : hint} />;
}
