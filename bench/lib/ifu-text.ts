/**
 * Realistic text of instructions for use (what the product extracts from an IFU's PDF), for the search benchmark:
 * 2,000 to 8,000 characters in the document's languages (en, de, fr, es, it, nl, sv, pt; several for a multilingual
 * leaflet), sections under their headings, sentences of words drawn from each language's vocabulary with a Zipf-like
 * distribution (s = 1.1 over about 40,000 words: a few hundred IFU words written out, then a long tail of
 * language-like technical words), dimensions and pressures, and in most documents the ISO 15223-1 symbol glossary in
 * English ('STERILE EO' …). Each document's text depends on its seed only, so it can be made again at any time and
 * nothing needs to be held. Every word written is counted once per document (document frequency), so the bench
 * knows exactly how many documents hold each word it searches for.
 */
import { prng } from './events';

export const IFU_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'sv', 'pt'] as const;
export type IfuLanguage = (typeof IFU_LANGUAGES)[number];

interface Vocabulary {
  title: string;
  headings: string[];
  /** Function words: the most frequent, not searched for. */
  common: string;
  /** IFU words, roughly most frequent first. */
  words: string;
  /** Syllables and endings of the long tail. */
  syllables: string;
  endings: string;
}

const VOCABULARIES: Record<IfuLanguage, Vocabulary> = {
  en: {
    title: 'Instructions for use',
    headings: ['Intended use', 'Indications', 'Contraindications', 'Warnings', 'Precautions', 'Directions for use', 'Storage and handling', 'Disposal', 'Adverse events'],
    common: 'the of and to in a is for with be or not on by as at this that from are if may all before after do should must',
    words:
      'device catheter sterile patient instructions package balloon guidewire sheath lumen inflation pressure physician procedure vessel ' +
      'insertion removal damage contraindications warnings precautions indications intended single reuse resterilize storage temperature ' +
      'humidity sunlight expiry date label packaging opened damaged inspect visually flush saline heparinized syringe connector valve hub tip ' +
      'shaft marker radiopaque fluoroscopy angiography stenosis dilatation artery coronary peripheral thrombosis embolism perforation ' +
      'dissection infection bleeding hematoma allergic reaction contrast medium diameter length compatible introducer withdraw advance rotate ' +
      'kink torque resistance deflate negative adverse events complications disposal biohazard hospital regulations manufacturer authorized ' +
      'representative ethylene oxide sterilization pyrogenic latex phthalates hydrophilic coating lubricious polyurethane nylon stainless ' +
      'steel nitinol implant screw bone fixation drill surgical drape glucose meter strip blood sample infusion tubing flow rate clamp ' +
      'stapler staple skin wound closure',
    syllables: 'ab ac al an ar ba be bi bo ca ce ci co cu da de di do el en er es fa fe fi fo ga ge gi in la le li lo lu ma me mi mo mu na ne ni no or pa pe pi po pu ra re ri ro ru sa se si so ta te ti to tu va ve vi',
    endings: 'ation ity ment ic al ive or er ure ence ism ate',
  },
  de: {
    title: 'Gebrauchsanweisung',
    headings: ['Zweckbestimmung', 'Indikationen', 'Kontraindikationen', 'Warnhinweise', 'Vorsichtsmaßnahmen', 'Anwendung', 'Lagerung und Handhabung', 'Entsorgung', 'Unerwünschte Ereignisse'],
    common: 'der die und das den zu mit ist nicht von für im ein eine werden oder bei auf vor nach sich des dem kann muss sind wird nur wenn',
    words:
      'Produkt Katheter steril Patient Gebrauchsanweisung Verpackung Ballon Führungsdraht Schleuse Lumen Druck Arzt Eingriff Gefäß Einführung ' +
      'Entfernung Beschädigung Kontraindikationen Warnhinweise Vorsichtsmaßnahmen Indikationen Zweckbestimmung Einmalgebrauch Wiederverwendung ' +
      'Lagerung Temperatur Feuchtigkeit Sonnenlicht Verfallsdatum Etikett geöffnet beschädigt prüfen spülen Kochsalzlösung heparinisiert ' +
      'Spritze Anschluss Ventil Spitze Schaft Markierung röntgendicht Durchleuchtung Stenose Dilatation Arterie koronar Thrombose Embolie ' +
      'Perforation Dissektion Infektion Blutung allergische Reaktion Kontrastmittel Durchmesser Länge kompatibel zurückziehen vorschieben ' +
      'Widerstand entleeren Komplikationen Entsorgung Krankenhaus Vorschriften Hersteller Ethylenoxid Sterilisation Beschichtung Implantat ' +
      'Schraube Knochen Fixierung Bohrer chirurgisch Abdecktuch Blutzucker Messgerät Teststreifen Infusion Schlauch Klemme Hautklammergerät ' +
      'Wundverschluss',
    syllables: 'ab an be bi da de di ein er ge ha he hi ka ke ko la le li ma me mi na ne ni ra re ri sa sche schi se sta ste stu ta te ti ver wa we zu',
    endings: 'ung keit heit lich isch er en bar los schaft',
  },
  fr: {
    title: "Notice d'utilisation",
    headings: ['Usage prévu', 'Indications', 'Contre-indications', 'Avertissements', 'Précautions', "Mode d'emploi", 'Stockage et manipulation', 'Élimination', 'Événements indésirables'],
    common: 'le la les de des et à en un une du pour avec ne pas est par sur dans être doit avant après ou ce si peut tout',
    words:
      'dispositif cathéter stérile patient notice utilisation emballage ballonnet guide introducteur lumière pression médecin intervention ' +
      'vaisseau insertion retrait dommage contre-indications avertissements précautions indications prévue usage unique réutiliser ' +
      'restériliser stockage température humidité péremption étiquette ouvert endommagé inspecter rincer sérum physiologique hépariné seringue ' +
      'raccord valve embout tige marqueur radio-opaque fluoroscopie sténose dilatation artère coronaire thrombose embolie perforation ' +
      'dissection infection saignement hématome allergique réaction contraste diamètre longueur compatible retirer avancer résistance ' +
      'dégonfler complications élimination hôpital réglementation fabricant oxyde éthylène stérilisation revêtement implant vis os fixation ' +
      'foret chirurgical champ glycémie lecteur bandelette perfusion tubulure clamp agrafeuse peau plaie',
    syllables: 'ab ac an bo ca ce ci co da de di do é en fi fo ga ge la le li lo ma me mi mo na ne no pa pe pi po pré ra re ri ro sa se si so ta te ti to va ve vi',
    endings: 'ment ique tion eur ence age ité eux ise able',
  },
  es: {
    title: 'Instrucciones de uso',
    headings: ['Uso previsto', 'Indicaciones', 'Contraindicaciones', 'Advertencias', 'Precauciones', 'Modo de empleo', 'Almacenamiento y manipulación', 'Eliminación', 'Acontecimientos adversos'],
    common: 'el la los las de del y en a un una con por para no es se que o antes después debe puede si este esta al',
    words:
      'dispositivo catéter estéril paciente instrucciones uso envase balón guía introductor luz presión médico procedimiento vaso inserción ' +
      'retirada daño contraindicaciones advertencias precauciones indicaciones previsto único reutilizar reesterilizar almacenamiento ' +
      'temperatura humedad caducidad etiqueta abierto dañado inspeccionar lavar solución salina heparinizada jeringa conector válvula punta ' +
      'eje marcador radiopaco fluoroscopia estenosis dilatación arteria coronaria trombosis embolia perforación disección infección hemorragia ' +
      'hematoma alérgica reacción contraste diámetro longitud compatible retirar avanzar resistencia desinflar complicaciones eliminación ' +
      'hospital normativa fabricante óxido etileno esterilización recubrimiento implante tornillo hueso fijación broca quirúrgico paño ' +
      'glucosa medidor tira infusión tubo pinza grapadora piel herida',
    syllables: 'ba be bi bo ca ce ci co cu da de di do es fa fe fi ga ge la le li lo lu ma me mi mo na ne ni no pa pe pi po ra re ri ro sa se si so ta te ti to va ve',
    endings: 'ción dad miento ico oso able ente ista dor',
  },
  it: {
    title: "Istruzioni per l'uso",
    headings: ['Destinazione d’uso', 'Indicazioni', 'Controindicazioni', 'Avvertenze', 'Precauzioni', 'Modalità d’uso', 'Conservazione e manipolazione', 'Smaltimento', 'Eventi avversi'],
    common: 'il la le di del della e in a un una con per non è da che o prima dopo deve può se questo gli dei',
    words:
      'dispositivo catetere sterile paziente istruzioni uso confezione palloncino filo guida introduttore lume pressione medico procedura vaso ' +
      'inserimento rimozione danno controindicazioni avvertenze precauzioni indicazioni destinazione monouso riutilizzare risterilizzare ' +
      'conservazione temperatura umidità scadenza etichetta aperta danneggiata ispezionare irrigare soluzione fisiologica eparinata siringa ' +
      'connettore valvola stelo marcatore radiopaco fluoroscopia stenosi dilatazione arteria coronarica trombosi embolia perforazione ' +
      'dissezione infezione sanguinamento ematoma allergica reazione contrasto diametro lunghezza compatibile ritirare avanzare resistenza ' +
      'sgonfiare complicanze smaltimento ospedale normative fabbricante ossido etilene sterilizzazione rivestimento impianto vite osso ' +
      'fissazione chirurgico telo glicemia misuratore striscia infusione tubo suturatrice pelle ferita',
    syllables: 'ba be bi bo ca ce ci co da de di do fa fe fi ga ge gi la le li lo ma me mi mo na ne ni no pa pe pi po ra re ri ro sa se si so ta te ti to va ve vi',
    endings: 'zione mento ico ore ente ità ale ivo ato',
  },
  nl: {
    title: 'Gebruiksaanwijzing',
    headings: ['Beoogd gebruik', 'Indicaties', 'Contra-indicaties', 'Waarschuwingen', 'Voorzorgsmaatregelen', 'Gebruik', 'Opslag en hantering', 'Afvoer', 'Ongewenste voorvallen'],
    common: 'de het een en van in te met voor op niet is dat die of bij door na moet kan worden als aan dit er',
    words:
      'hulpmiddel katheter steriel patiënt gebruiksaanwijzing verpakking ballon voerdraad sheath lumen druk arts ingreep bloedvat inbrengen ' +
      'verwijderen beschadiging contra-indicaties waarschuwingen voorzorgsmaatregelen indicaties beoogd gebruik eenmalig hergebruiken opslag ' +
      'temperatuur vochtigheid vervaldatum etiket geopend beschadigd inspecteren spoelen zoutoplossing gehepariniseerde spuit connector klep ' +
      'tip schacht markering radiopaak doorlichting stenose dilatatie slagader coronair trombose embolie perforatie dissectie infectie ' +
      'bloeding hematoom allergische reactie contrastmiddel diameter lengte compatibel terugtrekken opvoeren weerstand leegmaken complicaties ' +
      'afvoer ziekenhuis voorschriften fabrikant ethyleenoxide sterilisatie coating implantaat schroef bot fixatie boor chirurgisch afdekdoek ' +
      'bloedglucose meter teststrip infuus slang klem huidnietmachine wond',
    syllables: 'aa be bo da de di do ee ge ha he ho ka ke ko la le li lo ma me mi na ne oo pa pe ra re ro sa se sta ste ta te ti ve vo wa we',
    endings: 'heid ing lijk isch baar schap er en tie',
  },
  sv: {
    title: 'Bruksanvisning',
    headings: ['Avsedd användning', 'Indikationer', 'Kontraindikationer', 'Varningar', 'Försiktighetsåtgärder', 'Användning', 'Förvaring och hantering', 'Kassering', 'Biverkningar'],
    common: 'och att i av för med på en ett som det den inte är till eller om före efter ska kan får vid från denna',
    words:
      'produkt kateter steril patient bruksanvisning förpackning ballong ledare introducer lumen tryck läkare ingrepp kärl införing ' +
      'avlägsnande skada kontraindikationer varningar försiktighetsåtgärder indikationer avsedd användning engångsbruk återanvänd förvaring ' +
      'temperatur fuktighet utgångsdatum etikett öppnad skadad inspektera spola koksaltlösning hepariniserad spruta koppling ventil spets ' +
      'skaft markör röntgentät genomlysning stenos dilatation artär kranskärl trombos emboli perforation dissektion infektion blödning ' +
      'hematom allergisk reaktion kontrastmedel diameter längd kompatibel dra tillbaka föra motstånd tömma komplikationer kassering sjukhus ' +
      'föreskrifter tillverkare etylenoxid sterilisering beläggning implantat skruv ben fixering borr kirurgisk operationsduk blodsocker ' +
      'mätare testremsa infusion slang klämma hudhäftapparat sår',
    syllables: 'al an be bo da de do ek el en fö gå ha he hå ka ke kö la le lo ma me mö na ne nö ra re rö sa se sk sö ta te tö va ve vä',
    endings: 'ning het lig isk are else skap ande bar',
  },
  pt: {
    title: 'Instruções de utilização',
    headings: ['Utilização prevista', 'Indicações', 'Contraindicações', 'Advertências', 'Precauções', 'Modo de utilização', 'Armazenamento e manuseamento', 'Eliminação', 'Acontecimentos adversos'],
    common: 'o a os as de do da e em um uma com por para não é se que ou antes depois deve pode no na ao',
    words:
      'dispositivo cateter estéril paciente instruções utilização embalagem balão fio-guia introdutor lúmen pressão médico procedimento vaso ' +
      'inserção remoção dano contraindicações advertências precauções indicações previsto único reutilizar reesterilizar armazenamento ' +
      'temperatura humidade validade rótulo aberta danificada inspecionar irrigar solução salina heparinizada seringa conector válvula ponta ' +
      'haste marcador radiopaco fluoroscopia estenose dilatação artéria coronária trombose embolia perfuração dissecção infeção hemorragia ' +
      'hematoma alérgica reação contraste diâmetro comprimento compatível retirar avançar resistência esvaziar complicações eliminação ' +
      'hospital regulamentos fabricante óxido etileno esterilização revestimento implante parafuso osso fixação broca cirúrgico campo glicose ' +
      'medidor tira infusão tubo pinça agrafador pele ferida',
    syllables: 'ba be bi bo ca ce ci co da de di do fa fe fi ga ge la le li lo ma me mi mo na ne ni no pa pe pi po ra re ri ro sa se si so ta te ti to va ve vi',
    endings: 'ção dade mento ico oso ável ente ista dor',
  },
};

/** The ISO 15223-1 symbol glossary, printed in English on most labels and leaflets whatever their language. */
const GLOSSARY =
  'Explanation of symbols: REF Catalogue number. LOT Batch code. STERILE EO Sterilized using ethylene oxide. STERILE R Sterilized using irradiation. ' +
  'Do not re-use. Do not resterilize. Do not use if package is damaged. Consult instructions for use. Use-by date. Keep away from sunlight. ' +
  'Keep dry. Temperature limit. Manufacturer. Date of manufacture. Medical device. Unique device identifier.';
/** Share of documents with the English symbol glossary. */
const GLOSSARY_SHARE = 0.8;
/** Zipf exponent and the length of each language's long tail. */
const ZIPF_S = 1.1;
const TAIL_WORDS = 40_000;

/** Walker's alias table: one draw of a rank in O(1). */
interface AliasTable {
  probability: Float64Array;
  alias: Int32Array;
}

function aliasTable(weights: Float64Array): AliasTable {
  const n = weights.length;
  const total = weights.reduce((a, b) => a + b, 0);
  const scaled = Float64Array.from(weights, (w) => (w * n) / total);
  const probability = new Float64Array(n);
  const alias = new Int32Array(n);
  const small: number[] = [];
  const large: number[] = [];
  scaled.forEach((p, i) => (p < 1 ? small : large).push(i));
  while (small.length > 0 && large.length > 0) {
    const s = small.pop()!;
    const l = large.pop()!;
    probability[s] = scaled[s]!;
    alias[s] = l;
    scaled[l] = scaled[l]! + scaled[s]! - 1;
    (scaled[l]! < 1 ? small : large).push(l);
  }
  for (const i of [...small, ...large]) probability[i] = 1;
  return { probability, alias };
}

interface Language {
  vocabulary: Vocabulary;
  /** The word of each rank and its id in the counted words. */
  words: string[];
  ids: Int32Array;
  table: AliasTable;
  /** Ranks of the IFU words (not function words, not the tail): the candidates for a searched term. */
  ifuWords: number;
  functionWords: number;
  headingIds: number[][];
  titleIds: number[];
}

export interface TextStats {
  documents: number;
  characters: number;
  failures: number;
}

/**
 * Makes the text of one document at a time, and counts every word's document frequency over all documents made.
 * `plant` puts a word (a made-up token such as 'zyxtocin') into the text of documents the caller chooses.
 */
export class IfuTextMaker {
  private readonly languages = new Map<IfuLanguage, Language>();
  /** Words by id (lower case) and how many documents hold each. */
  private readonly wordIds = new Map<string, number>();
  private readonly wordList: string[] = [];
  private documentFrequency = new Int32Array(1 << 16);
  private lastDocument = new Int32Array(1 << 16).fill(-1);
  private documents = 0;
  private readonly glossaryIds: number[];
  readonly stats: TextStats = { documents: 0, characters: 0, failures: 0 };

  constructor(seed = 15223) {
    const random = prng(seed);
    for (const code of IFU_LANGUAGES) {
      const vocabulary = VOCABULARIES[code];
      const common = vocabulary.common.split(' ');
      const ifu = [...new Set(vocabulary.words.split(' '))];
      const head = [...common, ...ifu];
      const seen = new Set(head.map((w) => w.toLowerCase()));
      const syllables = vocabulary.syllables.split(' ');
      const endings = vocabulary.endings.split(' ');
      const tail: string[] = [];
      while (tail.length < TAIL_WORDS) {
        const parts = 2 + Math.floor(random() * 3);
        let word = '';
        for (let p = 0; p < parts; p++) word += syllables[Math.floor(random() * syllables.length)];
        if (random() < 0.6) word += endings[Math.floor(random() * endings.length)];
        if (!seen.has(word)) {
          seen.add(word);
          tail.push(word);
        }
      }
      const words = [...head, ...tail];
      const weights = Float64Array.from(words, (_, rank) => 1 / (rank + 1) ** ZIPF_S);
      this.languages.set(code, {
        vocabulary,
        words,
        ids: Int32Array.from(words, (w) => this.idOf(w)),
        table: aliasTable(weights),
        ifuWords: ifu.length,
        functionWords: common.length,
        headingIds: vocabulary.headings.map((h) => this.idsOf(h)),
        titleIds: this.idsOf(vocabulary.title),
      });
    }
    this.glossaryIds = this.idsOf(GLOSSARY);
  }

  private idOf(word: string): number {
    const key = word.toLowerCase();
    let id = this.wordIds.get(key);
    if (id === undefined) {
      id = this.wordList.length;
      this.wordIds.set(key, id);
      this.wordList.push(key);
      if (id >= this.documentFrequency.length) {
        const grown = new Int32Array(this.documentFrequency.length * 2);
        grown.set(this.documentFrequency);
        this.documentFrequency = grown;
        const last = new Int32Array(grown.length).fill(-1);
        last.set(this.lastDocument);
        this.lastDocument = last;
      }
    }
    return id;
  }

  /** The words of a phrase as counted ('Sterilized using ethylene oxide.' -> sterilized, using, ethylene, oxide). */
  private idsOf(phrase: string): number[] {
    return (phrase.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).map((w) => this.idOf(w));
  }

  private count(id: number) {
    if (this.lastDocument[id] !== this.documents) {
      this.lastDocument[id] = this.documents;
      this.documentFrequency[id]! += 1;
    }
  }

  /** In how many documents made so far a word occurs (as written, case ignored). */
  frequency(word: string): number {
    const id = this.wordIds.get(word.toLowerCase());
    return id === undefined ? 0 : this.documentFrequency[id]!;
  }

  /** The IFU words of every language (no function words, no tail) with their document frequencies. */
  ifuWordFrequencies(): Array<{ word: string; language: IfuLanguage; documents: number }> {
    const out: Array<{ word: string; language: IfuLanguage; documents: number }> = [];
    for (const [code, language] of this.languages) {
      for (let rank = language.functionWords; rank < language.functionWords + language.ifuWords; rank++) {
        out.push({ word: language.words[rank]!.toLowerCase(), language: code, documents: this.documentFrequency[language.ids[rank]!]! });
      }
    }
    return out;
  }

  /** Tail words (made-up technical words) and their document frequencies, for the report's rare examples. */
  tailWordFrequencies(language: IfuLanguage, count: number): Array<{ word: string; documents: number }> {
    const l = this.languages.get(language)!;
    const from = l.words.length - count;
    return l.words.slice(from).map((word, i) => ({ word, documents: this.documentFrequency[l.ids[from + i]!]! }));
  }

  /**
   * The text of one document: `seed` makes it (the same seed, the same text), `languages` is the child's
   * comma-separated language list (codes without a vocabulary fall back to English), `productName` heads each
   * section, `plant` are words placed once or twice each into its sentences.
   */
  make(seed: number, languageList: string, productName: string, plant: readonly string[] = []): string {
    const random = prng(seed);
    const codes = [...new Set(languageList.split(',').map((c) => c.trim().toLowerCase()))].map((c) => (IFU_LANGUAGES.includes(c as IfuLanguage) ? (c as IfuLanguage) : 'en'));
    // 2,000 to 8,000 characters, more of them short than long, as leaflets are.
    const target = Math.round(2_000 + 6_000 * random() ** 1.5);
    const perLanguage = Math.floor(target / codes.length);
    const parts: string[] = [];
    const productIds = this.idsOf(productName);
    for (const id of productIds) this.count(id);
    for (const code of codes) {
      const l = this.languages.get(code)!;
      const section: string[] = [`${productName}\n${l.vocabulary.title}\n`];
      for (const id of l.titleIds) this.count(id);
      let length = section[0]!.length;
      let heading = 0;
      while (length < perLanguage) {
        if (heading < l.vocabulary.headings.length && (length === section[0]!.length || random() < 0.12)) {
          const h = `\n${l.vocabulary.headings[heading]}\n`;
          for (const id of l.headingIds[heading]!) this.count(id);
          heading += 1;
          section.push(h);
          length += h.length;
        }
        const sentence = this.sentence(random, l);
        section.push(sentence);
        length += sentence.length + 1;
      }
      parts.push(section.join(' ').replace(/ \n/g, '\n'));
    }
    if (random() < GLOSSARY_SHARE) {
      parts.push(GLOSSARY);
      for (const id of this.glossaryIds) this.count(id);
    }
    let text = parts.join('\n\n');
    for (const word of plant) {
      for (let n = 0; n < 1 + Math.floor(random() * 2); n++) {
        const at = text.indexOf(' ', Math.floor(random() * text.length));
        text = at < 0 ? `${text} ${word}` : `${text.slice(0, at)} ${word}${text.slice(at)}`;
      }
      this.count(this.idOf(word));
    }
    this.documents += 1;
    this.stats.documents += 1;
    this.stats.characters += text.length;
    return text;
  }

  /** A document whose text could not be extracted (a scanned leaflet): counted, empty. */
  failed() {
    this.documents += 1;
    this.stats.documents += 1;
    this.stats.failures += 1;
  }

  private sentence(random: () => number, l: Language): string {
    const length = 6 + Math.floor(random() * 16);
    const words: string[] = [];
    const { probability, alias } = l.table;
    const n = probability.length;
    for (let w = 0; w < length; w++) {
      const roll = random();
      if (roll < 0.025) {
        words.push(MEASURES[Math.floor(random() * MEASURES.length)]!.replace('#', String(Math.round(random() * 400) / 10)));
        continue;
      }
      const slot = Math.floor(random() * n);
      const rank = random() < probability[slot]! ? slot : alias[slot]!;
      this.count(l.ids[rank]!);
      words.push(l.words[rank]!);
    }
    words[0] = words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1);
    return `${words.join(' ')}${random() < 0.15 ? ':' : '.'}`;
  }
}

const MEASURES = ['# mm', '# cm', '# atm', '# bar', '# ml', '# °C', '# Fr', '# %', '# mmol/l', '# kPa'];
