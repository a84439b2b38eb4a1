// The "other" (content and personalisation) tab, spec 2 §2: notice, system name, logo, support QR, home page,
// about, agent rules and recruitment pages, SEO fields and the footer, as the option registry places them. The
// server sanitises all of it when it is shown; each text block has a preview rendered by that same sanitiser, and
// image addresses show the image.
import { useTranslation } from 'react-i18next';
import type { OptionKey } from '@contract/options';
import { RegistryTab } from '../options/RegistryTab';
import { ContentPreview } from './ContentPreview';

const image = (text: string) => (text.trim() ? <img className="gc-option-image" src={text.trim()} alt="" /> : null);
const preview = (key: OptionKey, page = false) => ({ addon: (text: string) => <ContentPreview id={key} text={text} page={page} /> });

export function OtherTab() {
  const { t } = useTranslation();
  const done = (key: string) => t(`siteSetting.other.${key}`);
  return (
    <RegistryTab
      tab="other"
      fieldText="siteSetting.field"
      sectionText="siteSetting.section"
      sections={{
        notice: { success: done('noticeUpdated'), fields: { Notice: { rows: 6, ...preview('Notice') }, FlowNotice: { rows: 2, ...preview('FlowNotice') } } },
        system_name: { success: done('systemNameUpdated'), fields: { SystemName: { required: true } } },
        logo: { success: done('logoUpdated'), fields: { Logo: { addon: image } } },
        customer_qr: { fields: { CustomerQr: { addon: image } } },
        home_page: { success: done('homeUpdated'), fields: { HomePageContent: { rows: 8, ...preview('HomePageContent', true) } } },
        about: { success: done('aboutUpdated'), fields: { About: { rows: 8, ...preview('About', true) } } },
        agent_page: { fields: { AgentPageContent: { rows: 8, ...preview('AgentPageContent', true) } } },
        join_page: { fields: { JoinPageContent: { rows: 8, ...preview('JoinPageContent', true) } } },
        footer: { fields: { Footer: { rows: 4, ...preview('Footer') } } },
      }}
    />
  );
}
