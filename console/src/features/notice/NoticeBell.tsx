// The header bell: GET /api/notice (server-sanitised HTML). An unread notice pops once; 'read' remembers it.
import { useEffect, useState } from 'react';
import { Badge, Button, Modal } from '@arco-design/web-react';
import { IconNotification } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/ApiProvider';
import { useUser } from '../auth/UserProvider';
import { isNoticeRead, markNoticeRead } from './notice-read';

export function NoticeBell() {
  const { t } = useTranslation();
  const api = useApi();
  // Read again when the signed-in user changes: an agent's sub-user sees its agent's text (design agents.md §5).
  const userId = useUser().user?.id ?? 0;
  const [notice, setNotice] = useState('');
  const [unread, setUnread] = useState(false);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let alive = true;
    api.get<string>('/api/notice').then(
      (text) => {
        if (!alive || typeof text !== 'string' || !text.trim()) return;
        setNotice(text);
        const fresh = !isNoticeRead(text);
        setUnread(fresh);
        setOpen(fresh);
      },
      () => undefined, // already reported by the client
    );
    return () => {
      alive = false;
    };
  }, [api, userId]);

  const read = () => {
    if (notice) markNoticeRead(notice);
    setUnread(false);
    setOpen(false);
  };

  return (
    <>
      <Badge dot count={unread ? 1 : 0}>
        <Button
          shape="circle"
          type="secondary"
          icon={<IconNotification />}
          aria-label={t('header.notice')}
          onClick={() => setOpen(true)}
        />
      </Badge>
      <Modal
        title={t('notice.title')}
        visible={open}
        onCancel={() => setOpen(false)}
        footer={
          <Button type="primary" onClick={read}>
            {t('notice.read')}
          </Button>
        }
      >
        {notice ? (
          <div className="gc-notice" dangerouslySetInnerHTML={{ __html: notice }} />
        ) : (
          <p>{t('notice.empty')}</p>
        )}
      </Modal>
    </>
  );
}
