import { escapeHtml } from '../../platform/html';

/** The e-mail to a group's managers when an endpoint is disabled, in the manager's language (fallback French). */
const TEXTS: Record<string, { subject: string; body: string }> = {
  en: {
    subject: 'A webhook endpoint was disabled',
    body: 'Forecourt could not deliver events to {url} for 24 hours, so this endpoint is disabled. Fix the receiver, then enable it again in the settings: the events kept meanwhile will be sent.',
  },
  fr: {
    subject: 'Un point de réception de webhooks a été désactivé',
    body: 'Forecourt n’a pas pu remettre d’événements à {url} pendant 24 heures : ce point de réception est désactivé. Corrigez le récepteur, puis réactivez-le dans les paramètres : les événements conservés entre-temps seront envoyés.',
  },
  es: {
    subject: 'Se ha desactivado un punto de recepción de webhooks',
    body: 'Forecourt no ha podido entregar eventos a {url} durante 24 horas, por lo que este punto de recepción está desactivado. Corrija el receptor y vuelva a activarlo en la configuración: se enviarán los eventos guardados mientras tanto.',
  },
  pl: {
    subject: 'Punkt odbioru webhooków został wyłączony',
    body: 'Forecourt nie mógł dostarczyć zdarzeń do {url} przez 24 godziny, więc ten punkt odbioru został wyłączony. Napraw odbiornik, a następnie włącz go ponownie w ustawieniach: zdarzenia zachowane w międzyczasie zostaną wysłane.',
  },
  de: {
    subject: 'Ein Webhook-Endpunkt wurde deaktiviert',
    body: 'Forecourt konnte 24 Stunden lang keine Ereignisse an {url} zustellen, daher ist dieser Endpunkt deaktiviert. Beheben Sie das Problem beim Empfänger und aktivieren Sie ihn in den Einstellungen wieder: Die inzwischen gespeicherten Ereignisse werden dann gesendet.',
  },
  it: {
    subject: 'Un endpoint webhook è stato disattivato',
    body: 'Forecourt non è riuscito a consegnare eventi a {url} per 24 ore, quindi questo endpoint è disattivato. Correggi il ricevitore, poi riattivalo nelle impostazioni: gli eventi conservati nel frattempo verranno inviati.',
  },
  nl: {
    subject: 'Een webhook-eindpunt is uitgeschakeld',
    body: 'Forecourt kon 24 uur lang geen gebeurtenissen afleveren bij {url}, dus dit eindpunt is uitgeschakeld. Herstel de ontvanger en schakel het daarna weer in bij de instellingen: de intussen bewaarde gebeurtenissen worden dan verzonden.',
  },
  pt: {
    subject: 'Um endpoint de webhooks foi desativado',
    body: 'O Forecourt não conseguiu entregar eventos a {url} durante 24 horas, por isso este endpoint foi desativado. Corrija o recetor e volte a ativá-lo nas definições: os eventos guardados entretanto serão enviados.',
  },
  sv: {
    subject: 'En webhook-slutpunkt har inaktiverats',
    body: 'Forecourt kunde inte leverera händelser till {url} under 24 timmar, så den här slutpunkten har inaktiverats. Åtgärda mottagaren och aktivera den sedan igen i inställningarna: händelserna som sparats under tiden skickas då.',
  },
  da: {
    subject: 'Et webhook-endepunkt er blevet deaktiveret',
    body: 'Forecourt kunne ikke levere hændelser til {url} i 24 timer, så dette endepunkt er deaktiveret. Ret modtageren, og aktivér det derefter igen i indstillingerne: de hændelser, der er gemt i mellemtiden, bliver sendt.',
  },
};

export function endpointDisabledMail(
  locale: string,
  url: string,
  settingsUrl: string,
): { subject: string; text: string; html: string } {
  const t = TEXTS[locale.slice(0, 2).toLowerCase()] ?? TEXTS.fr!;
  const body = t.body.replace('{url}', url);
  return {
    subject: t.subject,
    text: `${body}\n\n${settingsUrl}`,
    html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(settingsUrl)}">${escapeHtml(settingsUrl)}</a></p>`,
  };
}
