// ?tab=agentRule: the site's agent rules (GET /api/agent_page_content). One https:// address is shown in a frame
// told the console's theme and language (?theme=light|dark&lang=zh-CN|en-US); other text is the server-sanitised
// HTML the home and about pages render too. A failed load says so in the tab (the client shows the server's message).
import { useCallback, useEffect, useState } from 'react';
import { Button, Empty, Result, Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../../theme/ThemeProvider';
import type { AgentsApi } from './agents.api';
import { ruleFrameUrl } from './agent-format';

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; text: string };

export function AgentRuleTab({ api }: { api: AgentsApi }) {
  const { t, i18n } = useTranslation();
  const { mode } = useTheme();
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(() => {
    let alive = true;
    setState({ kind: 'loading' });
    api.ruleContent().then(
      (text) => alive && setState({ kind: 'loaded', text: typeof text === 'string' ? text.trim() : '' }),
      () => alive && setState({ kind: 'failed' }),
    );
    return () => {
      alive = false;
    };
  }, [api]);
  useEffect(load, [load]);

  if (state.kind === 'loading') return <Spin className="gc-page-spin" />;
  if (state.kind === 'failed') {
    return (
      <Result
        status="warning"
        subTitle={<span data-testid="agent-rule-failed">{t('agents.rule.failed')}</span>}
        extra={<Button onClick={load}>{t('agents.rule.retry')}</Button>}
      />
    );
  }
  if (!state.text) return <Empty description={t('agents.rule.empty')} />;
  const frame = ruleFrameUrl(state.text, mode, i18n.language);
  if (frame) {
    return (
      <iframe
        src={frame}
        title={t('agents.rule.frameTitle')}
        data-testid="agent-rule-frame"
        style={{ display: 'block', width: '100%', height: 'max(480px, calc(100vh - 260px))', border: 0 }}
      />
    );
  }
  return <div className="gc-home-html" data-testid="agent-rule-html" style={{ padding: 0 }} dangerouslySetInnerHTML={{ __html: state.text }} />;
}
