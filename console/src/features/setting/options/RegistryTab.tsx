// A settings tab built from the option registry: its sections in registry order (optionSections), each section's
// keys from optionKeysIn(tab, section): booleans become switches, the rest fields. Texts come from i18n subtrees:
// `<sectionText>.<section>.title|description` and `<fieldText>.<key>.label|help|placeholder`. A tab only adds what
// the registry cannot say (a required field, a preview, a hint), per section and per key.
import { Fragment, type ReactNode } from 'react';
import { Alert } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { optionKeysIn, optionSections, type OptionKey, type OptionTab } from '@contract/options';
import { Role } from '@contract/roles';
import { useUser } from '../../auth/UserProvider';
import type { FieldSpec } from './OptionField';
import { OptionSection, type OptionSectionProps } from './OptionSection';
import { OptionsProvider } from './OptionsProvider';
import { isBoolean } from './option-form';
import { useFieldText } from './use-field-text';
import { useRegistryExtras } from './use-registry-extras';

export type SectionExtras = Partial<Omit<OptionSectionProps, 'id' | 'switches' | 'fields'>> & {
  /** Keys of other sections shown here as well (their rules go with them). */
  include?: readonly OptionKey[];
  /** Shown instead of the generated section (e.g. the operation tab's ratio settings with their own sub-tabs). */
  replace?: ReactNode;
  /** Per-key additions to the field (required, rows, addon…). */
  fields?: Partial<Record<OptionKey, Partial<FieldSpec>>>;
};

interface Props {
  tab: OptionTab;
  fieldText: string;
  sectionText: string;
  sections?: Partial<Record<string, SectionExtras>>;
  /** Shown above the sections. */
  header?: ReactNode;
}

export function RegistryTab({ tab, fieldText, sectionText, sections = {}, header }: Props) {
  const { t } = useTranslation();
  const agent = useUser().user?.role === Role.agent;
  return (
    <OptionsProvider fieldText={fieldText}>
      <div className="gc-option-tab" data-testid={`${tab}-tab`}>
        {/* An agent edits its own white-label copy, never the site's (design agents.md §5): say so. */}
        {agent && <Alert className="gc-gap" type="info" content={t('optionForm.agentScope')} data-testid="agent-scope-hint" />}
        {header}
        {optionSections(tab).map((section) => (
          sections[section]?.replace !== undefined ? (
            <Fragment key={section}>{sections[section]!.replace}</Fragment>
          ) : (
            <RegistrySection key={section} tab={tab} section={section} fieldText={fieldText} sectionText={sectionText} extras={sections[section] ?? {}} />
          )
        ))}
      </div>
    </OptionsProvider>
  );
}

interface SectionProps {
  tab: OptionTab;
  section: string;
  fieldText: string;
  sectionText: string;
  extras: SectionExtras;
}

function RegistrySection({ tab, section, fieldText, sectionText, extras }: SectionProps) {
  const { t, i18n } = useTranslation();
  const text = useFieldText(fieldText);
  const registryExtras = useRegistryExtras(fieldText);
  const { include = [], fields: fieldExtras = {}, replace: _replaced, ...rest } = extras;
  const keys = [...optionKeysIn(tab, section), ...include];
  const base = `${sectionText}.${section}`;
  const description = i18n.exists(`${base}.description`) ? t(`${base}.description`) : undefined;
  return (
    <OptionSection
      id={section.replace(/_/g, '-')}
      title={t(`${base}.title`)}
      description={description}
      {...rest}
      switches={keys.filter(isBoolean).map(text)}
      fields={keys.filter((k) => !isBoolean(k)).map((k) => ({ ...text(k), ...registryExtras(k), ...fieldExtras[k] }))}
    />
  );
}
