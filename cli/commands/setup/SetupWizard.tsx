// The terminal twin of the web setup page: same checks, same payload, same service. It gets the setup service
// as a prop, so tests drive it with a fake and no database.
import React, { useEffect, useState } from 'react';
import { Box, Text, useApp } from 'ink';
import type { SetupRequest, SetupStatus, UsageMode } from '../../../daemon/contract/setup.js';
import type { Lang } from '../../../daemon/i18n/lang.js';
import { translate } from '../../../daemon/i18n/translate.js';
import { ServiceError } from '../../../daemon/app/errors.js';
import { cliText } from '../../i18n.js';
import { checkField, firstStep, initPayload, nextStep, previousStep, stepForError, type Answers, type FieldStep, type Step } from './wizard-state.js';
import { DatabaseNotice } from './steps/DatabaseNotice.js';
import { AccountStep } from './steps/AccountStep.js';
import { Answered } from './steps/Answered.js';
import { ModeStep } from './steps/ModeStep.js';
import { ReviewStep } from './steps/ReviewStep.js';
import { Outcome } from './steps/Outcome.js';

/** The part of SetupService the wizard needs. */
export interface SetupPort {
  status(): Promise<SetupStatus>;
  init(req: SetupRequest): Promise<void>;
}

export type WizardOutcome = { kind: 'done'; username?: string } | { kind: 'already' } | { kind: 'failed'; message: string };

export interface SetupWizardProps {
  setup: SetupPort;
  lang: Lang;
  /** Values given as flags, offered as the starting answers. */
  initial?: { username?: string; mode?: UsageMode };
  onFinish(outcome: WizardOutcome): void;
}

const message = (lang: Lang, e: unknown) =>
  e instanceof ServiceError ? translate(lang, e.key, e.params) : e instanceof Error ? e.message : String(e);

export function SetupWizard({ setup, lang, initial, onFinish }: SetupWizardProps) {
  const { exit } = useApp();
  const [status, setStatus] = useState<SetupStatus>();
  const [step, setStep] = useState<Step>('loading');
  const [answers, setAnswers] = useState<Answers>({ username: initial?.username ?? '', password: '', confirm: '', mode: initial?.mode ?? 'external' });
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const rootInit = !!status?.root_init;

  useEffect(() => {
    setup.status().then(
      (s) => (setStatus(s), setStep(firstStep(s))),
      (e) => (setFailure(message(lang, e)), setStep('failed')),
    );
  }, []);

  // Exit from an effect once the final frame is on screen (stack.md pitfall 17).
  useEffect(() => {
    if (step === 'done') onFinish({ kind: 'done', username: rootInit ? undefined : answers.username.trim() });
    else if (step === 'already') onFinish({ kind: 'already' });
    else if (step === 'failed') onFinish({ kind: 'failed', message: failure ?? '' });
    else return;
    exit();
  }, [step]);

  const go = (to: Step) => (setError(undefined), setStep(to));
  const back = () => go(previousStep(step, rootInit));
  const submitField = (field: FieldStep) => {
    const problem = checkField(field, answers);
    if (!problem) return go(nextStep(field));
    setError(translate(lang, problem.key, problem.params));
    // A mismatch is retyped from scratch, as a masked field can't show where it went wrong.
    if (field === 'confirm') setAnswers((a) => ({ ...a, confirm: '' }));
  };
  const submit = async () => {
    go('submitting');
    try {
      await setup.init(initPayload(answers, rootInit));
      setStep('done');
    } catch (e) {
      const to = e instanceof ServiceError ? stepForError(e.key) : 'review';
      if (to === 'confirm') setAnswers((a) => ({ ...a, confirm: '' }));
      setError(to === 'already' ? undefined : message(lang, e));
      setStep(to);
    }
  };

  const field = step === 'username' || step === 'password' || step === 'confirm' ? step : undefined;
  return (
    <Box flexDirection="column">
      <Text bold>{cliText(lang, 'setup.title')}</Text>
      {status && step !== 'already' ? <DatabaseNotice type={status.database_type} lang={lang} /> : null}
      {rootInit && step !== 'already' ? <Text>{cliText(lang, 'setup.root_exists')}</Text> : null}
      {rootInit ? null : <Answered step={step} answers={answers} lang={lang} />}
      {field ? (
        <AccountStep
          step={field}
          value={answers[field]}
          lang={lang}
          error={error}
          onChange={(v) => setAnswers((a) => ({ ...a, [field]: v }))}
          onSubmit={() => submitField(field)}
          onBack={back}
        />
      ) : null}
      {step === 'mode' ? (
        <ModeStep value={answers.mode} lang={lang} error={error} onSelect={(mode) => (setAnswers((a) => ({ ...a, mode })), go('review'))} onBack={back} />
      ) : null}
      {step === 'review' ? (
        <ReviewStep answers={answers} rootInit={rootInit} lang={lang} error={error} onConfirm={() => void submit()} onBack={back} />
      ) : null}
      <Outcome step={step} lang={lang} username={rootInit ? undefined : answers.username.trim()} failure={failure} />
    </Box>
  );
}
