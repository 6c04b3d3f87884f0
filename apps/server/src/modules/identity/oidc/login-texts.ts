/** Texts of the provider's own pages (sign-in, sign-out, errors), in the portal's ten languages. */
export const LOGIN_LOCALES = ['en', 'fr', 'es', 'pl', 'de', 'it', 'nl', 'pt', 'sv', 'da'] as const;
export type LoginLocale = (typeof LOGIN_LOCALES)[number];
export const FALLBACK_LOCALE: LoginLocale = 'fr';

export interface LoginTexts {
  title: string;
  intro: string;
  email: string;
  password: string;
  submit: string;
  required: string;
  wrongPassword: string;
  throttled: string;
  otherEmail: string;
  helpTitle: string;
  helpBrowsers: string;
  helpMeetings: string;
  helpMobile: string;
  logoutTitle: string;
  logoutButton: string;
  loggedOut: string;
  backToLogin: string;
  errorTitle: string;
}

export const LOGIN_TEXTS: Record<LoginLocale, LoginTexts> = {
  en: {
    title: 'Sign in',
    intro: 'Enter your password to open the Forecourt portal.',
    email: 'E-mail',
    password: 'Password',
    submit: 'Sign in',
    required: 'Enter your e-mail and your password.',
    wrongPassword: 'The e-mail or the password is wrong.',
    throttled: 'Too many failed attempts. Try again in {minutes} minutes.',
    otherEmail: 'Use another e-mail',
    helpTitle: 'Browser requirements',
    helpBrowsers: 'Use Firefox or Chrome.',
    helpMeetings: 'Meetings need Safari 13 or later, or a desktop browser.',
    helpMobile: 'On mobile: Android above 4.2.2 or iOS above 9.0, with a camera of at least 8 MP.',
    logoutTitle: 'Signing out',
    logoutButton: 'Sign out',
    loggedOut: 'You are signed out.',
    backToLogin: 'Back to the sign-in page',
    errorTitle: 'Sign-in failed',
  },
  fr: {
    title: 'Connexion',
    intro: 'Saisissez votre mot de passe pour ouvrir le portail Forecourt.',
    email: 'E-mail',
    password: 'Mot de passe',
    submit: 'Se connecter',
    required: 'Saisissez votre e-mail et votre mot de passe.',
    wrongPassword: "L'e-mail ou le mot de passe est incorrect.",
    throttled: 'Trop de tentatives échouées. Réessayez dans {minutes} minutes.',
    otherEmail: 'Utiliser un autre e-mail',
    helpTitle: 'Navigateurs pris en charge',
    helpBrowsers: 'Utilisez Firefox ou Chrome.',
    helpMeetings: 'Les réunions nécessitent Safari 13 ou plus récent, ou un navigateur sur ordinateur.',
    helpMobile:
      "Sur mobile : Android supérieur à 4.2.2 ou iOS supérieur à 9.0, avec un appareil photo d'au moins 8 Mpx.",
    logoutTitle: 'Déconnexion',
    logoutButton: 'Se déconnecter',
    loggedOut: 'Vous êtes déconnecté.',
    backToLogin: 'Retour à la page de connexion',
    errorTitle: 'La connexion a échoué',
  },
  es: {
    title: 'Iniciar sesión',
    intro: 'Introduzca su contraseña para abrir el portal Forecourt.',
    email: 'Correo electrónico',
    password: 'Contraseña',
    submit: 'Iniciar sesión',
    required: 'Introduzca su correo electrónico y su contraseña.',
    wrongPassword: 'El correo electrónico o la contraseña no son correctos.',
    throttled: 'Demasiados intentos fallidos. Vuelva a intentarlo dentro de {minutes} minutos.',
    otherEmail: 'Usar otro correo electrónico',
    helpTitle: 'Requisitos del navegador',
    helpBrowsers: 'Utilice Firefox o Chrome.',
    helpMeetings: 'Las reuniones requieren Safari 13 o posterior, o un navegador de escritorio.',
    helpMobile: 'En el móvil: Android superior a 4.2.2 o iOS superior a 9.0, con una cámara de al menos 8 MP.',
    logoutTitle: 'Cerrando sesión',
    logoutButton: 'Cerrar sesión',
    loggedOut: 'Ha cerrado la sesión.',
    backToLogin: 'Volver a la página de inicio de sesión',
    errorTitle: 'No se pudo iniciar sesión',
  },
  pl: {
    title: 'Logowanie',
    intro: 'Wpisz hasło, aby otworzyć portal Forecourt.',
    email: 'E-mail',
    password: 'Hasło',
    submit: 'Zaloguj się',
    required: 'Wpisz swój e-mail i hasło.',
    wrongPassword: 'E-mail lub hasło jest nieprawidłowe.',
    throttled: 'Zbyt wiele nieudanych prób. Spróbuj ponownie za {minutes} min.',
    otherEmail: 'Użyj innego adresu e-mail',
    helpTitle: 'Wymagania przeglądarki',
    helpBrowsers: 'Używaj przeglądarki Firefox lub Chrome.',
    helpMeetings: 'Spotkania wymagają Safari 13 lub nowszego albo przeglądarki na komputerze.',
    helpMobile: 'Na urządzeniach mobilnych: Android powyżej 4.2.2 lub iOS powyżej 9.0, z aparatem co najmniej 8 MP.',
    logoutTitle: 'Wylogowywanie',
    logoutButton: 'Wyloguj się',
    loggedOut: 'Wylogowano.',
    backToLogin: 'Powrót do strony logowania',
    errorTitle: 'Logowanie nie powiodło się',
  },
  de: {
    title: 'Anmelden',
    intro: 'Geben Sie Ihr Passwort ein, um das Forecourt-Portal zu öffnen.',
    email: 'E-Mail',
    password: 'Passwort',
    submit: 'Anmelden',
    required: 'Geben Sie Ihre E-Mail-Adresse und Ihr Passwort ein.',
    wrongPassword: 'Die E-Mail-Adresse oder das Passwort ist falsch.',
    throttled: 'Zu viele fehlgeschlagene Versuche. Versuchen Sie es in {minutes} Minuten erneut.',
    otherEmail: 'Andere E-Mail-Adresse verwenden',
    helpTitle: 'Browser-Anforderungen',
    helpBrowsers: 'Verwenden Sie Firefox oder Chrome.',
    helpMeetings: 'Meetings erfordern Safari 13 oder neuer oder einen Desktop-Browser.',
    helpMobile: 'Mobil: Android höher als 4.2.2 oder iOS höher als 9.0, mit einer Kamera von mindestens 8 MP.',
    logoutTitle: 'Abmeldung',
    logoutButton: 'Abmelden',
    loggedOut: 'Sie sind abgemeldet.',
    backToLogin: 'Zurück zur Anmeldeseite',
    errorTitle: 'Anmeldung fehlgeschlagen',
  },
  it: {
    title: 'Accedi',
    intro: 'Inserisci la password per aprire il portale Forecourt.',
    email: 'E-mail',
    password: 'Password',
    submit: 'Accedi',
    required: 'Inserisci la tua e-mail e la tua password.',
    wrongPassword: "L'e-mail o la password non sono corrette.",
    throttled: 'Troppi tentativi non riusciti. Riprova tra {minutes} minuti.',
    otherEmail: "Usa un'altra e-mail",
    helpTitle: 'Requisiti del browser',
    helpBrowsers: 'Usa Firefox o Chrome.',
    helpMeetings: 'Le riunioni richiedono Safari 13 o successivo, oppure un browser desktop.',
    helpMobile: 'Su mobile: Android superiore a 4.2.2 o iOS superiore a 9.0, con una fotocamera di almeno 8 MP.',
    logoutTitle: 'Disconnessione',
    logoutButton: 'Esci',
    loggedOut: 'Sei disconnesso.',
    backToLogin: 'Torna alla pagina di accesso',
    errorTitle: 'Accesso non riuscito',
  },
  nl: {
    title: 'Inloggen',
    intro: 'Voer uw wachtwoord in om het Forecourt-portaal te openen.',
    email: 'E-mail',
    password: 'Wachtwoord',
    submit: 'Inloggen',
    required: 'Voer uw e-mailadres en uw wachtwoord in.',
    wrongPassword: 'Het e-mailadres of het wachtwoord is onjuist.',
    throttled: 'Te veel mislukte pogingen. Probeer het over {minutes} minuten opnieuw.',
    otherEmail: 'Een ander e-mailadres gebruiken',
    helpTitle: 'Browservereisten',
    helpBrowsers: 'Gebruik Firefox of Chrome.',
    helpMeetings: 'Vergaderingen vereisen Safari 13 of nieuwer, of een desktopbrowser.',
    helpMobile: 'Mobiel: Android hoger dan 4.2.2 of iOS hoger dan 9.0, met een camera van minstens 8 MP.',
    logoutTitle: 'Uitloggen',
    logoutButton: 'Uitloggen',
    loggedOut: 'U bent uitgelogd.',
    backToLogin: 'Terug naar de inlogpagina',
    errorTitle: 'Inloggen mislukt',
  },
  pt: {
    title: 'Iniciar sessão',
    intro: 'Introduza a sua palavra-passe para abrir o portal Forecourt.',
    email: 'E-mail',
    password: 'Palavra-passe',
    submit: 'Iniciar sessão',
    required: 'Introduza o seu e-mail e a sua palavra-passe.',
    wrongPassword: 'O e-mail ou a palavra-passe estão incorretos.',
    throttled: 'Demasiadas tentativas falhadas. Tente novamente dentro de {minutes} minutos.',
    otherEmail: 'Utilizar outro e-mail',
    helpTitle: 'Requisitos do navegador',
    helpBrowsers: 'Utilize o Firefox ou o Chrome.',
    helpMeetings: 'As reuniões requerem o Safari 13 ou posterior, ou um navegador de computador.',
    helpMobile: 'No telemóvel: Android superior a 4.2.2 ou iOS superior a 9.0, com uma câmara de pelo menos 8 MP.',
    logoutTitle: 'A terminar sessão',
    logoutButton: 'Terminar sessão',
    loggedOut: 'Terminou a sessão.',
    backToLogin: 'Voltar à página de início de sessão',
    errorTitle: 'Não foi possível iniciar sessão',
  },
  sv: {
    title: 'Logga in',
    intro: 'Ange ditt lösenord för att öppna Forecourt-portalen.',
    email: 'E-post',
    password: 'Lösenord',
    submit: 'Logga in',
    required: 'Ange din e-postadress och ditt lösenord.',
    wrongPassword: 'E-postadressen eller lösenordet är fel.',
    throttled: 'För många misslyckade försök. Försök igen om {minutes} minuter.',
    otherEmail: 'Använd en annan e-postadress',
    helpTitle: 'Krav på webbläsare',
    helpBrowsers: 'Använd Firefox eller Chrome.',
    helpMeetings: 'Möten kräver Safari 13 eller senare, eller en webbläsare på dator.',
    helpMobile: 'I mobilen: Android högre än 4.2.2 eller iOS högre än 9.0, med en kamera på minst 8 MP.',
    logoutTitle: 'Loggar ut',
    logoutButton: 'Logga ut',
    loggedOut: 'Du är utloggad.',
    backToLogin: 'Tillbaka till inloggningssidan',
    errorTitle: 'Inloggningen misslyckades',
  },
  da: {
    title: 'Log ind',
    intro: 'Indtast din adgangskode for at åbne Forecourt-portalen.',
    email: 'E-mail',
    password: 'Adgangskode',
    submit: 'Log ind',
    required: 'Indtast din e-mail og din adgangskode.',
    wrongPassword: 'E-mailen eller adgangskoden er forkert.',
    throttled: 'For mange mislykkede forsøg. Prøv igen om {minutes} minutter.',
    otherEmail: 'Brug en anden e-mail',
    helpTitle: 'Krav til browser',
    helpBrowsers: 'Brug Firefox eller Chrome.',
    helpMeetings: 'Møder kræver Safari 13 eller nyere eller en browser på computer.',
    helpMobile: 'På mobil: Android nyere end 4.2.2 eller iOS nyere end 9.0 med et kamera på mindst 8 MP.',
    logoutTitle: 'Logger ud',
    logoutButton: 'Log ud',
    loggedOut: 'Du er logget ud.',
    backToLogin: 'Tilbage til login-siden',
    errorTitle: 'Login mislykkedes',
  },
};

/** The first supported language among the candidates (ui_locales, the account's, the browser's), else French. */
export function pickLocale(candidates: Array<string | null | undefined>): LoginLocale {
  for (const candidate of candidates) {
    for (const tag of (candidate ?? '').split(/[\s,]+/)) {
      const lang = tag.split(/[-_;]/)[0]?.toLowerCase();
      if (lang && (LOGIN_LOCALES as readonly string[]).includes(lang)) return lang as LoginLocale;
    }
  }
  return FALLBACK_LOCALE;
}
