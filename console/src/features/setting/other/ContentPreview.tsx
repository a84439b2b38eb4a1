// A preview of unsaved content, rendered by the server's own sanitiser (POST /api/content/preview), so it shows
// exactly what visitors will get; page content that is one https URL is shown as the embedded page it becomes.
import { useState } from 'react';
import { Button, Empty, Modal } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { ContentPreview as Preview, ContentPreviewRequest } from '@contract/content';
import { useApi } from '../../../api/ApiProvider';

interface Props {
  text: string;
  /** Page content may embed an https URL; notices and the footer may not. */
  page?: boolean;
  /** Names the button for tests: `preview-<id>`. */
  id: string;
}

export function ContentPreview({ text, page = false, id }: Props) {
  const { t } = useTranslation();
  const api = useApi();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [loading, setLoading] = useState(false);

  const open = async () => {
    setLoading(true);
    try {
      const body: ContentPreviewRequest = { text, page };
      setPreview(await api.post<Preview>('/api/content/preview', body));
    } catch {
      // the client showed the server's message
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <Button size="small" className="gc-option-addon" loading={loading} onClick={() => void open()} data-testid={`preview-${id}`}>
        {t('siteSetting.other.preview')}
      </Button>
      <Modal visible={preview !== null} title={t('siteSetting.other.previewTitle')} footer={null} onCancel={() => setPreview(null)} style={{ width: 760 }}>
        {preview?.embed_url ? (
          <>
            <p className="gc-muted">{t('siteSetting.other.embeds', { url: preview.embed_url })}</p>
            <iframe className="gc-option-preview-frame" src={preview.embed_url} title={preview.embed_url} sandbox="allow-scripts allow-same-origin" />
          </>
        ) : preview?.html ? (
          <div className="gc-option-preview gc-home-html" data-testid="content-preview" dangerouslySetInnerHTML={{ __html: preview.html }} />
        ) : (
          <Empty description={t('siteSetting.other.previewEmpty')} />
        )}
      </Modal>
    </>
  );
}
