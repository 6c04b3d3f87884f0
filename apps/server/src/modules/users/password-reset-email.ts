import { escapeHtml } from '../../platform/html';
import { FALLBACK_LOCALE, LOGIN_LOCALES, type LoginLocale } from '../identity/oidc/login-texts';

interface ResetTexts {
  subject: string;
  greeting: string;
  sent: string;
  choose: string;
  validity: string;
  unchanged: string;
}

/** The password-reset e-mail in the portal's ten languages; `{name}`, `{sender}`, `{email}` and `{hours}` are filled in. */
const TEXTS: Record<LoginLocale, ResetTexts> = {
  en: {
    subject: 'Choose a new Forecourt password',
    greeting: 'Hello {name},',
    sent: '{sender} has sent you a link to choose a new password for your Forecourt account ({email}).',
    choose: 'Choose your new password here:',
    validity: 'This link works once, for {hours} hours.',
    unchanged: 'Until you use it, your current password keeps working.',
  },
  fr: {
    subject: 'Choisissez un nouveau mot de passe Forecourt',
    greeting: 'Bonjour {name},',
    sent: '{sender} vous a envoyé un lien pour choisir un nouveau mot de passe pour votre compte Forecourt ({email}).',
    choose: 'Choisissez votre nouveau mot de passe ici :',
    validity: 'Ce lien ne sert qu’une fois, pendant {hours} heures.',
    unchanged: 'Tant que vous ne l’utilisez pas, votre mot de passe actuel reste valable.',
  },
  es: {
    subject: 'Elija una nueva contraseña de Forecourt',
    greeting: 'Hola, {name}:',
    sent: '{sender} le ha enviado un enlace para elegir una nueva contraseña para su cuenta de Forecourt ({email}).',
    choose: 'Elija aquí su nueva contraseña:',
    validity: 'Este enlace solo sirve una vez, durante {hours} horas.',
    unchanged: 'Mientras no lo use, su contraseña actual sigue funcionando.',
  },
  pl: {
    subject: 'Ustaw nowe hasło do Forecourt',
    greeting: 'Dzień dobry {name},',
    sent: '{sender} wysłał(a) Ci link do ustawienia nowego hasła do konta Forecourt ({email}).',
    choose: 'Ustaw tutaj nowe hasło:',
    validity: 'Ten link działa jeden raz, przez {hours} godziny.',
    unchanged: 'Dopóki go nie użyjesz, obecne hasło nadal działa.',
  },
  de: {
    subject: 'Wählen Sie ein neues Forecourt-Passwort',
    greeting: 'Hallo {name},',
    sent: '{sender} hat Ihnen einen Link gesendet, mit dem Sie ein neues Passwort für Ihr Forecourt-Konto ({email}) wählen.',
    choose: 'Wählen Sie hier Ihr neues Passwort:',
    validity: 'Dieser Link funktioniert einmal, {hours} Stunden lang.',
    unchanged: 'Bis Sie ihn verwenden, gilt Ihr bisheriges Passwort weiter.',
  },
  it: {
    subject: 'Scelga una nuova password di Forecourt',
    greeting: 'Buongiorno {name},',
    sent: '{sender} le ha inviato un link per scegliere una nuova password per il suo account Forecourt ({email}).',
    choose: 'Scelga qui la sua nuova password:',
    validity: 'Questo link funziona una sola volta, per {hours} ore.',
    unchanged: 'Finché non lo usa, la sua password attuale continua a funzionare.',
  },
  nl: {
    subject: 'Kies een nieuw Forecourt-wachtwoord',
    greeting: 'Hallo {name},',
    sent: '{sender} heeft u een link gestuurd om een nieuw wachtwoord te kiezen voor uw Forecourt-account ({email}).',
    choose: 'Kies hier uw nieuwe wachtwoord:',
    validity: 'Deze link werkt één keer, {hours} uur lang.',
    unchanged: 'Zolang u hem niet gebruikt, blijft uw huidige wachtwoord werken.',
  },
  pt: {
    subject: 'Escolha uma nova palavra-passe do Forecourt',
    greeting: 'Olá {name},',
    sent: '{sender} enviou-lhe uma ligação para escolher uma nova palavra-passe para a sua conta Forecourt ({email}).',
    choose: 'Escolha aqui a sua nova palavra-passe:',
    validity: 'Esta ligação funciona uma vez, durante {hours} horas.',
    unchanged: 'Enquanto não a usar, a sua palavra-passe atual continua a funcionar.',
  },
  sv: {
    subject: 'Välj ett nytt lösenord för Forecourt',
    greeting: 'Hej {name},',
    sent: '{sender} har skickat dig en länk för att välja ett nytt lösenord för ditt Forecourt-konto ({email}).',
    choose: 'Välj ditt nya lösenord här:',
    validity: 'Länken fungerar en gång, i {hours} timmar.',
    unchanged: 'Tills du använder den fungerar ditt nuvarande lösenord.',
  },
  da: {
    subject: 'Vælg en ny adgangskode til Forecourt',
    greeting: 'Hej {name},',
    sent: '{sender} har sendt dig et link til at vælge en ny adgangskode til din Forecourt-konto ({email}).',
    choose: 'Vælg din nye adgangskode her:',
    validity: 'Linket virker én gang, i {hours} timer.',
    unchanged: 'Indtil du bruger det, virker din nuværende adgangskode stadig.',
  },
};

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** The e-mail with a one-time link to choose a new password, in the account's language. */
export function passwordResetEmail(input: {
  locale: string;
  name: string;
  email: string;
  sender: string;
  link: string;
  hours: number;
}): { subject: string; text: string; html: string } {
  const locale = (LOGIN_LOCALES as readonly string[]).includes(input.locale)
    ? (input.locale as LoginLocale)
    : FALLBACK_LOCALE;
  const t = TEXTS[locale];
  const values = { name: input.name, sender: input.sender, email: input.email, hours: String(input.hours) };
  const before = [t.greeting, t.sent, t.choose].map((line) => fill(line, values));
  const after = [t.validity, t.unchanged].map((line) => fill(line, values));
  const text = [...before, input.link, ...after].join('\n\n');
  const paragraphs = (lines: string[]) => lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
  const html = `<!doctype html><html lang="${locale}"><body><div style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5">${paragraphs(
    before,
  )}<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>${paragraphs(after)}</div></body></html>`;
  return { subject: fill(t.subject, values), text, html };
}
