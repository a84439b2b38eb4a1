// The last look before initialising: Enter runs setup, Esc goes back to change the usage mode.
import React from 'react';
import { Box, Text, useInput } from 'ink';
import type { Lang } from '../../../../daemon/i18n/lang.js';
import { cliText } from '../../../i18n.js';
import type { Answers } from '../wizard-state.js';
import { modeLabel } from './ModeStep.js';

export interface ReviewStepProps {
  answers: Answers;
  rootInit: boolean;
  lang: Lang;
  error?: string;
  onConfirm(): void;
  onBack(): void;
}

export function ReviewStep({ answers, rootInit, lang, error, onConfirm, onBack }: ReviewStepProps) {
  useInput((_input, key) => {
    if (key.return) onConfirm();
    else if (key.escape) onBack();
  });
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text bold>{cliText(lang, 'setup.review')}</Text>
      <Text>
        {'  '}
        {cliText(lang, 'setup.username')}: {rootInit ? cliText(lang, 'setup.review_keep_root') : answers.username.trim()}
      </Text>
      <Text>
        {'  '}
        {cliText(lang, 'setup.mode')}: {modeLabel(lang, answers.mode)}
      </Text>
      {error ? <Text color="red">  {error}</Text> : null}
      <Text dimColor>  {cliText(lang, 'setup.submit_hint')}</Text>
    </Box>
  );
}
