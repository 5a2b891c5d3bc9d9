import type { PageLanguage } from './page-texts';

/**
 * The ISO 15223-1:2021 symbols a manufacturer may list for its documents' pages (IFU_SYMBOLS): by reference number,
 * a title and what it means to a reader, in the pages' five languages. Text only, in our own words: the standard's
 * artwork is not reproduced.
 */
type Entry = { title: string; meaning: string };
export const ISO_15223_SYMBOLS: Record<string, Record<PageLanguage, Entry>> = {
  '5.1.1': {
    en: { title: 'Manufacturer', meaning: 'Who makes the device; the name and address stand beside the symbol.' },
    de: { title: 'Hersteller', meaning: 'Wer das Produkt herstellt; Name und Anschrift stehen neben dem Symbol.' },
    fr: { title: 'Fabricant', meaning: 'Qui fabrique le dispositif ; le nom et l’adresse figurent à côté du symbole.' },
    es: { title: 'Fabricante', meaning: 'Quién fabrica el producto; el nombre y la dirección figuran junto al símbolo.' },
    it: { title: 'Fabbricante', meaning: 'Chi fabbrica il dispositivo; nome e indirizzo sono accanto al simbolo.' },
  },
  '5.1.4': {
    en: { title: 'Use-by date', meaning: 'Do not use the device after this date.' },
    de: { title: 'Verwendbar bis', meaning: 'Das Produkt nach diesem Datum nicht mehr verwenden.' },
    fr: { title: 'Date limite d’utilisation', meaning: 'Ne pas utiliser le dispositif après cette date.' },
    es: { title: 'Fecha de caducidad', meaning: 'No utilizar el producto después de esta fecha.' },
    it: { title: 'Data di scadenza', meaning: 'Non utilizzare il dispositivo dopo questa data.' },
  },
  '5.1.5': {
    en: { title: 'Batch code', meaning: 'The lot the device belongs to: the code to give when you ask for its instructions or report a problem.' },
    de: { title: 'Chargenbezeichnung', meaning: 'Die Charge des Produkts: der Code, den Sie bei Fragen zur Gebrauchsanweisung oder bei einer Meldung angeben.' },
    fr: { title: 'Code de lot', meaning: 'Le lot du dispositif : le code à indiquer pour demander sa notice ou signaler un problème.' },
    es: { title: 'Código de lote', meaning: 'El lote del producto: el código que debe indicar al pedir sus instrucciones o notificar un problema.' },
    it: { title: 'Codice del lotto', meaning: 'Il lotto del dispositivo: il codice da indicare per chiederne le istruzioni o segnalare un problema.' },
  },
  '5.1.6': {
    en: { title: 'Catalogue number', meaning: 'The manufacturer’s reference (REF) of the device.' },
    de: { title: 'Artikelnummer', meaning: 'Die Bestellnummer (REF) des Herstellers für das Produkt.' },
    fr: { title: 'Référence catalogue', meaning: 'La référence (REF) du fabricant pour le dispositif.' },
    es: { title: 'Número de catálogo', meaning: 'La referencia (REF) del fabricante para el producto.' },
    it: { title: 'Numero di catalogo', meaning: 'Il riferimento (REF) del fabbricante per il dispositivo.' },
  },
  '5.1.7': {
    en: { title: 'Serial number', meaning: 'The number of this one device.' },
    de: { title: 'Seriennummer', meaning: 'Die Nummer dieses einzelnen Produkts.' },
    fr: { title: 'Numéro de série', meaning: 'Le numéro de ce dispositif précis.' },
    es: { title: 'Número de serie', meaning: 'El número de este producto concreto.' },
    it: { title: 'Numero di serie', meaning: 'Il numero di questo singolo dispositivo.' },
  },
  '5.2.8': {
    en: { title: 'Do not use if package is damaged', meaning: 'A damaged package may mean the device is no longer safe: do not use it, and read the instructions for use.' },
    de: { title: 'Bei beschädigter Verpackung nicht verwenden', meaning: 'Eine beschädigte Verpackung kann bedeuten, dass das Produkt nicht mehr sicher ist: nicht verwenden und die Gebrauchsanweisung lesen.' },
    fr: { title: 'Ne pas utiliser si l’emballage est endommagé', meaning: 'Un emballage endommagé peut signifier que le dispositif n’est plus sûr : ne pas l’utiliser et lire la notice.' },
    es: { title: 'No utilizar si el envase está dañado', meaning: 'Un envase dañado puede significar que el producto ya no es seguro: no lo utilice y lea las instrucciones de uso.' },
    it: { title: 'Non utilizzare se la confezione è danneggiata', meaning: 'Una confezione danneggiata può significare che il dispositivo non è più sicuro: non utilizzarlo e leggere le istruzioni per l’uso.' },
  },
  '5.4.2': {
    en: { title: 'Do not re-use', meaning: 'For one use on one patient only.' },
    de: { title: 'Nicht wiederverwenden', meaning: 'Nur für eine einmalige Anwendung an einem Patienten.' },
    fr: { title: 'Ne pas réutiliser', meaning: 'Pour un seul usage sur un seul patient.' },
    es: { title: 'No reutilizar', meaning: 'Para un solo uso en un solo paciente.' },
    it: { title: 'Non riutilizzare', meaning: 'Per un solo utilizzo su un solo paziente.' },
  },
  '5.4.3': {
    en: { title: 'Consult instructions for use', meaning: 'Read the instructions for use; when the symbol shows a web address, they are there as electronic instructions.' },
    de: { title: 'Gebrauchsanweisung beachten', meaning: 'Lesen Sie die Gebrauchsanweisung; steht beim Symbol eine Webadresse, finden Sie sie dort elektronisch.' },
    fr: { title: 'Consulter la notice d’utilisation', meaning: 'Lisez la notice ; si le symbole porte une adresse web, elle s’y trouve sous forme électronique.' },
    es: { title: 'Consultar las instrucciones de uso', meaning: 'Lea las instrucciones de uso; si el símbolo lleva una dirección web, están allí en formato electrónico.' },
    it: { title: 'Consultare le istruzioni per l’uso', meaning: 'Leggere le istruzioni per l’uso; se il simbolo riporta un indirizzo web, sono lì in formato elettronico.' },
  },
  '5.7.7': {
    en: { title: 'Medical device', meaning: 'The product is a medical device.' },
    de: { title: 'Medizinprodukt', meaning: 'Das Produkt ist ein Medizinprodukt.' },
    fr: { title: 'Dispositif médical', meaning: 'Le produit est un dispositif médical.' },
    es: { title: 'Producto sanitario', meaning: 'El producto es un producto sanitario.' },
    it: { title: 'Dispositivo medico', meaning: 'Il prodotto è un dispositivo medico.' },
  },
  '5.7.10': {
    en: { title: 'Unique device identifier', meaning: 'The UDI: the device identifier (UDI-DI, the GTIN) and, for a lot or a serial, its production identifier.' },
    de: { title: 'Eindeutige Produktkennung', meaning: 'Die UDI: die Produktkennung (UDI-DI, die GTIN) und für Charge oder Seriennummer die Herstellungskennung.' },
    fr: { title: 'Identifiant unique du dispositif', meaning: 'L’IUD : l’identifiant du dispositif (IUD-ID, le GTIN) et, pour un lot ou un numéro de série, l’identifiant de production.' },
    es: { title: 'Identificador único del producto', meaning: 'El UDI: el identificador del producto (UDI-DI, el GTIN) y, para un lote o número de serie, el identificador de producción.' },
    it: { title: 'Identificativo unico del dispositivo', meaning: 'L’UDI: l’identificativo del dispositivo (UDI-DI, il GTIN) e, per lotto o numero di serie, l’identificativo di produzione.' },
  },
};

export const SYMBOL_CODES = Object.keys(ISO_15223_SYMBOLS);

/** The symbols listed (IFU_SYMBOLS), in the page's language, in the order listed. */
export const symbolsIn = (codes: readonly string[], lang: PageLanguage) =>
  codes.flatMap((code) => {
    const entry = ISO_15223_SYMBOLS[code];
    return entry ? [{ code, ...entry[lang] }] : [];
  });
