// The models this user may call (GET /api/user/models): click a name to copy it.
import { useEffect, useState } from 'react';
import { Button, Card, Empty, Space, Tag, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../api/NotifyProvider';
import { copyText } from '../../token/token-display';
import { useSelfUser } from './self-user';

export function ModelsCard() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { api } = useSelfUser();
  const [models, setModels] = useState<string[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    api.models().then(
      (m) => alive && setModels(Array.isArray(m) ? m : []),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [api]);

  const copy = async (text: string) => {
    if (await copyText(text)) notify.success(t('personal.copied'));
    else notify.warning(t('personal.copyManually'));
  };

  return (
    <Card
      title={t('personal.models.title')}
      loading={models === null && !failed}
      data-testid="models-card"
      extra={models && models.length > 0 ? <Button size="mini" onClick={() => void copy(models.join(','))}>{t('personal.models.copyAll')}</Button> : null}
    >
      {failed ? (
        <Typography.Text type="secondary">{t('personal.models.loadFailed')}</Typography.Text>
      ) : models && models.length === 0 ? (
        <Empty description={t('personal.models.none')} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('personal.models.hint', { count: models?.length ?? 0 })}</Typography.Paragraph>
          <Space wrap size={8}>
            {(models ?? []).map((m) => (
              <Tag key={m} checkable={false} style={{ cursor: 'pointer' }} onClick={() => void copy(m)} title={t('personal.models.copyOne')}>
                {m}
              </Tag>
            ))}
          </Space>
        </>
      )}
    </Card>
  );
}
