import { escapeHtml } from '../../platform/html';
import { FALLBACK_LOCALE, LOGIN_LOCALES, type LoginLocale } from '../identity/oidc/login-texts';

interface InvitationTexts {
  subject: string;
  greeting: string;
  invited: string;
  setPassword: string;
  validity: string;
  external: string;
  signIn: string;
}

/** The invitation e-mail in the portal's ten languages; `{group}`, `{inviter}` and `{days}` are filled in. */
const TEXTS: Record<LoginLocale, InvitationTexts> = {
  en: {
    subject: 'Your Forecourt account for {group}',
    greeting: 'Hello {name},',
    invited: '{inviter} has created your Forecourt account for {group}.',
    setPassword: 'Choose your password here to finish:',
    validity: 'This link works once, for {days} days.',
    external: 'Sign in with your company account, using this e-mail address:',
    signIn: 'Open Forecourt',
  },
  fr: {
    subject: 'Votre compte Forecourt pour {group}',
    greeting: 'Bonjour {name},',
    invited: '{inviter} a créé votre compte Forecourt pour {group}.',
    setPassword: 'Choisissez votre mot de passe ici pour terminer :',
    validity: 'Ce lien ne sert qu’une fois, pendant {days} jours.',
    external: 'Connectez-vous avec le compte de votre entreprise, avec cette adresse e-mail :',
    signIn: 'Ouvrir Forecourt',
  },
  es: {
    subject: 'Su cuenta de Forecourt para {group}',
    greeting: 'Hola, {name}:',
    invited: '{inviter} ha creado su cuenta de Forecourt para {group}.',
    setPassword: 'Elija aquí su contraseña para terminar:',
    validity: 'Este enlace solo sirve una vez, durante {days} días.',
    external: 'Inicie sesión con la cuenta de su empresa, con esta dirección de correo:',
    signIn: 'Abrir Forecourt',
  },
  pl: {
    subject: 'Twoje konto Forecourt w {group}',
    greeting: 'Dzień dobry {name},',
    invited: '{inviter} utworzył(a) Twoje konto Forecourt w {group}.',
    setPassword: 'Aby dokończyć, ustaw tutaj swoje hasło:',
    validity: 'Ten link działa jeden raz, przez {days} dni.',
    external: 'Zaloguj się kontem firmowym, używając tego adresu e-mail:',
    signIn: 'Otwórz Forecourt',
  },
  de: {
    subject: 'Ihr Forecourt-Konto für {group}',
    greeting: 'Hallo {name},',
    invited: '{inviter} hat Ihr Forecourt-Konto für {group} angelegt.',
    setPassword: 'Wählen Sie hier Ihr Passwort, um abzuschließen:',
    validity: 'Dieser Link funktioniert einmal, {days} Tage lang.',
    external: 'Melden Sie sich mit Ihrem Firmenkonto und dieser E-Mail-Adresse an:',
    signIn: 'Forecourt öffnen',
  },
  it: {
    subject: 'Il suo account Forecourt per {group}',
    greeting: 'Buongiorno {name},',
    invited: '{inviter} ha creato il suo account Forecourt per {group}.',
    setPassword: 'Scelga qui la sua password per completare:',
    validity: 'Questo link funziona una sola volta, per {days} giorni.',
    external: 'Acceda con l’account della sua azienda, usando questo indirizzo e-mail:',
    signIn: 'Apri Forecourt',
  },
  nl: {
    subject: 'Uw Forecourt-account voor {group}',
    greeting: 'Hallo {name},',
    invited: '{inviter} heeft uw Forecourt-account voor {group} aangemaakt.',
    setPassword: 'Kies hier uw wachtwoord om af te ronden:',
    validity: 'Deze link werkt één keer, {days} dagen lang.',
    external: 'Meld u aan met uw bedrijfsaccount en dit e-mailadres:',
    signIn: 'Forecourt openen',
  },
  pt: {
    subject: 'A sua conta Forecourt para {group}',
    greeting: 'Olá {name},',
    invited: '{inviter} criou a sua conta Forecourt para {group}.',
    setPassword: 'Escolha aqui a sua palavra-passe para terminar:',
    validity: 'Esta ligação funciona uma vez, durante {days} dias.',
    external: 'Inicie sessão com a conta da sua empresa, com este endereço de e-mail:',
    signIn: 'Abrir o Forecourt',
  },
  sv: {
    subject: 'Ditt Forecourt-konto för {group}',
    greeting: 'Hej {name},',
    invited: '{inviter} har skapat ditt Forecourt-konto för {group}.',
    setPassword: 'Välj ditt lösenord här för att slutföra:',
    validity: 'Länken fungerar en gång, i {days} dagar.',
    external: 'Logga in med ditt företagskonto och den här e-postadressen:',
    signIn: 'Öppna Forecourt',
  },
  da: {
    subject: 'Din Forecourt-konto for {group}',
    greeting: 'Hej {name},',
    invited: '{inviter} har oprettet din Forecourt-konto for {group}.',
    setPassword: 'Vælg din adgangskode her for at gøre det færdigt:',
    validity: 'Linket virker én gang, i {days} dage.',
    external: 'Log ind med din virksomhedskonto og denne e-mailadresse:',
    signIn: 'Åbn Forecourt',
  },
};

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/**
 * The invitation e-mail in the invitee's language: the one-time link to set a password on the embedded
 * provider, or, for a domain on the group's own provider, the portal's sign-in page.
 */
export function invitationEmail(input: {
  locale: string;
  name: string;
  email: string;
  inviter: string;
  group: string;
  link: string;
  external: boolean;
  days: number;
}): { subject: string; text: string; html: string } {
  const locale = (LOGIN_LOCALES as readonly string[]).includes(input.locale)
    ? (input.locale as LoginLocale)
    : FALLBACK_LOCALE;
  const t = TEXTS[locale];
  const values = { name: input.name, inviter: input.inviter, group: input.group, days: String(input.days) };
  const lines = input.external
    ? [fill(t.greeting, values), fill(t.invited, values), `${t.external} ${input.email}`]
    : [fill(t.greeting, values), fill(t.invited, values), t.setPassword];
  const after = input.external ? [] : [fill(t.validity, values)];
  const text = [...lines, input.link, ...after].join('\n\n');
  const link = `<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.external ? t.signIn : input.link)}</a></p>`;
  const html = `<!doctype html><html lang="${locale}"><body><div style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5">${lines
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join('')}${link}${after.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}</div></body></html>`;
  return { subject: fill(t.subject, values), text, html };
}
