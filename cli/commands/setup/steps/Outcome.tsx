// What the wizard ends with: working, success, already set up, or a failure to read the status.
import React from 'react';
import { Box, Text } from 'ink';
import type { Lang } from '../../../../daemon/i18n/lang.js';
import { translate } from '../../../../daemon/i18n/translate.js';
import { cliText } from '../../../i18n.js';
import type { Step } from '../wizard-state.js';

export function Outcome({ step, lang, username, failure }: { step: Step; lang: Lang; username?: string; failure?: string }) {
  switch (step) {
    case 'loading':
      return <Text dimColor>{cliText(lang, 'setup.loading')}</Text>;
    case 'submitting':
      return <Text dimColor>{cliText(lang, 'setup.submitting')}</Text>;
    case 'done':
      return (
        <Text color="green">
          ✔ {translate(lang, 'setup.success')}
          {username ? ` — ${cliText(lang, 'setup.root_created', { username })}` : ''}
        </Text>
      );
    case 'already':
      return (
        <Box flexDirection="column">
          <Text color="red">{translate(lang, 'setup.done_already')}</Text>
          <Text>{cliText(lang, 'setup.nothing_changed')}</Text>
        </Box>
      );
    case 'failed':
      return <Text color="red">{failure}</Text>;
    default:
      return null;
  }
}
