// Home (spec 3 §2): the site's home content from GET /api/home_page_content: an https:// address becomes a
// full-area frame, other text is server-sanitised HTML, nothing at all gives the default landing.
import { useEffect, useState } from 'react';
import { Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/ApiProvider';
import { useUser } from '../auth/UserProvider';
import { DefaultLanding } from './DefaultLanding';

export function HomePage() {
  const { t } = useTranslation();
  const api = useApi();
  // Read again when the signed-in user changes: an agent's sub-user sees its agent's text (design agents.md §5).
  const userId = useUser().user?.id ?? 0;
  const [content, setContent] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    api.get<string>('/api/home_page_content').then(
      (text) => alive && setContent(typeof text === 'string' ? text.trim() : ''),
      () => alive && setContent(''), // the client reported the failure; still greet the visitor
    );
    return () => {
      alive = false;
    };
  }, [api, userId]);

  if (content === null) return <Spin className="gc-page-spin" />;
  if (content.startsWith('https://')) {
    return <iframe src={content} title={t('home.frameTitle')} className="gc-home-frame" />;
  }
  if (content) return <div className="gc-home-html" dangerouslySetInnerHTML={{ __html: content }} />;
  return <DefaultLanding />;
}
