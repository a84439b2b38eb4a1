// The account answers given so far, above the current question (the review step shows the full summary).
import React from 'react';
import { Text } from 'ink';
import type { Lang } from '../../../../daemon/i18n/lang.js';
import { SETUP_PASSWORD_MIN } from '../../../../daemon/contract/setup.js';
import { cliText } from '../../../i18n.js';
import type { Answers, Step } from '../wizard-state.js';

export function Answered({ step, answers, lang }: { step: Step; answers: Answers; lang: Lang }) {
  const rows: [string, string][] = [];
  if (step === 'password' || step === 'confirm' || step === 'mode') rows.push([cliText(lang, 'setup.username'), answers.username.trim()]);
  if (step === 'confirm' || step === 'mode')
    rows.push([cliText(lang, 'setup.password', { min: SETUP_PASSWORD_MIN }), '*'.repeat(answers.password.length)]);
  return (
    <>
      {rows.map(([label, value]) => (
        <Text key={label}>
          <Text color="green">✔ </Text>
          {label}: {value}
        </Text>
      ))}
    </>
  );
}
