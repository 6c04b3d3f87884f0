import { Box, Container, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { getWebConfig } from '../../api/web-config';
import { BackButton } from '../../components/back-button';
import { shellKeys } from '../shell/shell-keys';
import { ENGAGEMENT_POLICY } from './engagement-policy-texts';
import { LEGAL_TEXTS, legalLanguage, UNSET_DEPLOYMENT_TEXTS, type LegalDoc, type LegalSection } from './legal-texts';

const TITLE_KEYS: Record<LegalDoc, string> = {
  legalNotice: 'shell.legalNotice',
  termsOfService: 'shell.termsOfService',
  privacyPolicy: 'shell.privacyPolicy',
};

/** A paragraph with the deployment's publisher and contact (an address to write to, or a page) put in. */
function fill(paragraph: string, lang: 'fr' | 'en', legal: { publisher?: string; contact?: string }): ReactNode[] {
  return paragraph.split(/(\{publisher\}|\{contact\})/).map((part, i) => {
    if (part === '{publisher}') return legal.publisher ?? UNSET_DEPLOYMENT_TEXTS[lang].publisher;
    if (part !== '{contact}') return part;
    const contact = legal.contact;
    if (!contact) return UNSET_DEPLOYMENT_TEXTS[lang].contact;
    const isPage = /^https?:\/\//.test(contact);
    return (
      <Link key={i} href={isPage ? contact : `mailto:${contact}`} {...(isPage ? { rel: 'noopener noreferrer' } : {})}>
        {contact}
      </Link>
    );
  });
}

/**
 * The document's sections in its language; a reader of one of the eight other languages also gets the section on
 * personal player links (`#engagement`, where the player's notice sends them) in their own language.
 */
function sectionsOf(doc: LegalDoc, lang: 'fr' | 'en', reader: string): (LegalSection & { lang?: string })[] {
  const own = ENGAGEMENT_POLICY[reader as keyof typeof ENGAGEMENT_POLICY];
  return LEGAL_TEXTS[lang][doc].map((s) => (s.id === 'engagement' && own ? { ...own, lang: reader } : s));
}

/** A static legal page, public, in French or English (?lang= picks one, as the footer's terms links do). */
function LegalPage({ doc }: { doc: LegalDoc }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const lang = legalLanguage(params.get('lang') ?? i18n.language);
  // Until the settings arrive (or if they cannot), the texts say what the service contract holds.
  const config = useQuery({ queryKey: shellKeys.webConfig(), queryFn: getWebConfig, staleTime: Infinity });
  const legal = config.data?.legal ?? {};
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  return (
    <Container maxWidth="md" sx={{ py: 4 }} lang={lang}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <BackButton />
        <Typography variant="h4" component="h1">
          {t(TITLE_KEYS[doc])}
        </Typography>
      </Box>
      {lang !== legalLanguage(i18n.language) || (i18n.language !== 'fr' && i18n.language !== 'en') ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('legal.availableLanguages')}
        </Typography>
      ) : null}
      {sectionsOf(doc, lang, params.get('lang') ? lang : i18n.language.slice(0, 2)).map((section) => (
        <Box component="section" key={section.title} id={section.id} lang={section.lang} sx={{ mb: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {section.title}
          </Typography>
          {section.paragraphs.map((p) => (
            <Typography key={p.slice(0, 40)} sx={{ mb: 1 }}>
              {fill(p, lang, legal)}
            </Typography>
          ))}
        </Box>
      ))}
    </Container>
  );
}

export const LegalNoticePage = () => <LegalPage doc="legalNotice" />;
export const TermsOfServicePage = () => <LegalPage doc="termsOfService" />;
export const PrivacyPolicyPage = () => <LegalPage doc="privacyPolicy" />;
