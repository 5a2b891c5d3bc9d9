/**
 * The public site's refusals of a search-link request past a rate limit, in the customer portal's five languages: the
 * visitor reads them in the popup, in the language the portal shows. English first; the others say the same.
 */
export const PUBLIC_REFUSAL_LANGUAGES = ['en', 'de', 'fr', 'es', 'it'] as const;
export type PublicRefusalLanguage = (typeof PUBLIC_REFUSAL_LANGUAGES)[number];

export const isPublicRefusalLanguage = (code: unknown): code is PublicRefusalLanguage =>
  typeof code === 'string' && (PUBLIC_REFUSAL_LANGUAGES as readonly string[]).includes(code);

type LimitTexts = { email: string; customer: string; network: string; mailBudget: string };

export const SEARCH_LINK_LIMIT_TEXTS: Record<PublicRefusalLanguage, LimitTexts> = {
  en: {
    email: 'Several links were sent to this email address in the last 15 minutes. Open the newest one in your mailbox, or wait 15 minutes and ask again.',
    customer: "Many links to this customer's documents were asked for in the last 15 minutes. Please wait a few minutes and try again.",
    network: 'Too many links were asked for from your network in the last hour. Please try again later.',
    // The spec-era English text of the hourly mail budget, kept.
    mailBudget: 'Many links were sent in the last hour. Please try again later.',
  },
  de: {
    email: 'An diese E-Mail-Adresse wurden in den letzten 15 Minuten mehrere Links gesendet. Öffnen Sie den neuesten in Ihrem Postfach oder warten Sie 15 Minuten und fragen Sie erneut.',
    customer: 'In den letzten 15 Minuten wurden viele Links zu den Dokumenten dieses Kunden angefordert. Bitte warten Sie einige Minuten und versuchen Sie es erneut.',
    network: 'Aus Ihrem Netzwerk wurden in der letzten Stunde zu viele Links angefordert. Bitte versuchen Sie es später erneut.',
    mailBudget: 'In der letzten Stunde wurden viele Links gesendet. Bitte versuchen Sie es später erneut.',
  },
  fr: {
    email: "Plusieurs liens ont été envoyés à cette adresse e-mail au cours des 15 dernières minutes. Ouvrez le plus récent dans votre messagerie, ou attendez 15 minutes et demandez-en un nouveau.",
    customer: 'De nombreux liens vers les documents de ce client ont été demandés au cours des 15 dernières minutes. Veuillez patienter quelques minutes et réessayer.',
    network: 'Trop de liens ont été demandés depuis votre réseau au cours de la dernière heure. Veuillez réessayer plus tard.',
    mailBudget: 'De nombreux liens ont été envoyés au cours de la dernière heure. Veuillez réessayer plus tard.',
  },
  es: {
    email: 'Se han enviado varios enlaces a esta dirección de correo electrónico en los últimos 15 minutos. Abra el más reciente en su buzón o espere 15 minutos y vuelva a solicitarlo.',
    customer: 'Se han solicitado muchos enlaces a los documentos de este cliente en los últimos 15 minutos. Espere unos minutos y vuelva a intentarlo.',
    network: 'Se han solicitado demasiados enlaces desde su red en la última hora. Vuelva a intentarlo más tarde.',
    mailBudget: 'Se han enviado muchos enlaces en la última hora. Vuelva a intentarlo más tarde.',
  },
  it: {
    email: 'Negli ultimi 15 minuti sono stati inviati diversi link a questo indirizzo e-mail. Apra il più recente nella sua casella di posta, oppure attenda 15 minuti e ne richieda un altro.',
    customer: 'Negli ultimi 15 minuti sono stati richiesti molti link ai documenti di questo cliente. Attenda qualche minuto e riprovi.',
    network: "Dalla sua rete sono stati richiesti troppi link nell'ultima ora. Riprovi più tardi.",
    mailBudget: "Nell'ultima ora sono stati inviati molti link. Riprovi più tardi.",
  },
};
