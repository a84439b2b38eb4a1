// The database in use and, for SQLite, the same warning as the web wizard (spec 3 "Setup wizard").
import React from 'react';
import { Box, Text } from 'ink';
import type { DatabaseType } from '../../../../daemon/contract/setup.js';
import type { Lang } from '../../../../daemon/i18n/lang.js';
import { cliText } from '../../../i18n.js';

const NAMES: Record<DatabaseType, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL', mysql: 'MySQL' };

export function DatabaseNotice({ type, lang }: { type: DatabaseType; lang: Lang }) {
  return (
    <Box flexDirection="column" marginBottom={1}>
      <Text>{cliText(lang, 'setup.database', { type: NAMES[type] ?? type })}</Text>
      {type === 'sqlite' ? (
        <Box borderStyle="round" borderColor="yellow" paddingX={1} flexDirection="column">
          <Text color="yellow" bold>
            ⚠ {cliText(lang, 'setup.sqlite_title')}
          </Text>
          <Text>{cliText(lang, 'setup.sqlite_warning')}</Text>
        </Box>
      ) : null}
    </Box>
  );
}
