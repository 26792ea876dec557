/**
 * Words for the concepts the checks read in other languages: whom a note addresses (AI agents), prohibition,
 * sending, asking first, overriding, switching verification off, deleting. The English checks spell out phrases;
 * in other languages the checks look for a concept's words in one clause, so an attacker's paraphrase in a
 * language nobody wrote a phrase for is still read. Regex sources are for the `iu` flags.
 */

/** A word of any script does not continue here (letters and combining marks: Devanagari vowel signs are marks). */
const NOT_AFTER = '(?![\\p{L}\\p{M}])';
const NOT_BEFORE = '(?<![\\p{L}\\p{M}])';
/** Words written with spaces get boundaries; words of scripts without spaces (CJK, Thai) are matched anywhere. */
const words = (spaced: readonly string[], unspaced: readonly string[] = []): string =>
  `(?:${NOT_BEFORE}(?:${spaced.join('|')})${NOT_AFTER}${unspaced.length ? `|${unspaced.join('|')}` : ''})`;

/**
 * AI agents and assistants, as a note addresses them, in the languages below. English words are the English
 * checks' (a note "for AI agents:" is theirs); the English-spelled nouns count after another language's article
 * ("pour l'agent", "voor de assistant"), and "AI" inside another language's phrase is matched with its noun.
 */
export const AGENT_NOUN = words(
  [
    'KI(?:-[\\p{L}\\p{M}]+)?', 'IA', 'ИИ(?:-[\\p{L}\\p{M}]+)?', 'ШІ', 'AI-[\\p{L}\\p{M}]+', 'yapay[ \\t]+zek[aâ][\\p{L}\\p{M}]*', 'sztucznej[ \\t]+inteligencji',
    'agent(?:e|en|es|er|erna|i|a|y|ów|om|u|ům|ti[\\p{L}\\p{M}]*)', 'assistent[\\p{L}\\p{M}]*', 'asist(?:ent|an)[\\p{L}\\p{M}]*', 'asystent[\\p{L}\\p{M}]*', 'asisten', 'agen[ \\t]+AI', 'avustaj[\\p{L}\\p{M}]*',
    "l['’](?:agent|assistant)", '(?:les|aux|des|de|het|den|die|el|los|o|os|gli|il)[ \\t]+(?:agents?|assistants?)', 'trợ[ \\t]+lý', 'tác[ \\t]+nhân',
    'ассистент[\\p{L}\\p{M}]*', 'асистент[\\p{L}\\p{M}]*', 'агент[\\p{L}\\p{M}]*', 'нейросет[\\p{L}\\p{M}]*', 'βοηθ[\\p{L}\\p{M}]*', 'πράκτορ[\\p{L}\\p{M}]*',
    'model(?:i|e|y|om|ów)?[ \\t]+językow[\\p{L}\\p{M}]*', 'Sprachmodell[\\p{L}\\p{M}]*', 'modelos?[ \\t]+de[ \\t]+(?:lenguaje|linguagem)', 'modèles?[ \\t]+de[ \\t]+langage', 'modell[io][ \\t]+linguistic[\\p{L}\\p{M}]*',
    'taalmodel[\\p{L}\\p{M}]*', 'языков[\\p{L}\\p{M}]*[ \\t]+модел[\\p{L}\\p{M}]*', 'dil[ \\t]+model[\\p{L}\\p{M}]*',
    '(?:لل|ل|ال)?مساعد(?:ين)?', '(?:لل|ل|ال)?وكيل', '(?:ل)?وكلاء', '(?:ال)?ذكاء[ \\t]+الاصطناعي', 'دستیار', '(?:ל|ה|ש|ו)?סוכן', '(?:ל|ה|ש|ו)?עוזר', 'pembantu(?:[ \\t]+AI)?', 'ejen(?:[ \\t]+AI)?', 'एआई', 'सहायक(?:ों)?', 'एजेंट(?:ों)?',
  ],
  ['助手', '代理', '智能体', '人工智能', 'アシスタント', 'エージェント', '에이전트', '어시스턴트', '도우미', '인공지능', '语言模型', '語言模型', '言語モデル', '언어[ \\t]*모델'],
);
/**
 * Every AGENT_NOUN match holds one of these (lower case): the address check runs only on lines with one. Bare
 * "KI" and "IA" are left to the lines their noun or article marks ("KI-Assistent", "la IA"): alone they are in "wiki" and "via".
 */
export const AGENT_NOUN_LITERALS = [
  'ki-', 'ии', 'ші', 'ai-', ' ia ', ' ia,', ' ia:', ' ia.', 'yapay zek', 'sztucznej', 'agente', 'agenti', 'agenta', 'agenty', 'agentów', 'agentom', 'agentu', 'agentům', 'agentti',
  'assistent', 'asistent', 'asistan', 'asisten', 'agen ai', 'asystent', 'avustaj', "l'agent", 'l’agent', "l'assistant", 'l’assistant', ' agents', ' assistants',
  'de agent', 'het agent', 'den agent', 'die agent', 'de assistant', 'het assistant', 'el agent', 'o agent', 'il agent', 'de ia', 'la ia', "l'ia", 'l’ia',
  "d'ia", 'd’ia', 'trợ lý', 'tác nhân', 'ассистент', 'асистент', 'агент', 'нейросет', 'βοηθ', 'πράκτορ', 'مساعد', 'وكيل', 'وكلاء', 'الذكاء', 'دستیار',
  'סוכן', 'עוזר', 'pembantu', 'ejen ai', 'एआई', 'सहायक', 'एजेंट', '助手', '代理', '智能体', '人工智能', 'アシスタント', 'エージェント', '에이전트', '어시스턴트', '도우미', '인공지능',
  'językow', 'sprachmodell', 'de lenguaje', 'de linguagem', 'de langage', 'linguistic', 'taalmodel', 'языков', 'dil model', '语言模型', '語言模型', '言語モデル', '언어',
];

/**
 * A prohibition or a negation in the languages the checks read: a clause with one forbids or denies what it names
 * ("n'envoyez jamais", "不要把", "ніколи не вимикай"). Languages that negate with a suffix (Turkish "gönderme") are not read.
 */
export const PROHIBITION = new RegExp(
  `${words([
    'never', 'not', "don't", 'nie', 'niemals', 'nicht', 'keine?n?', 'nunca', 'jamás', 'jamais', 'pas', 'não', 'mai', 'non', 'не', 'нельзя', 'никогда',
    'nooit', 'niet', 'geen', 'nigdy', 'ніколи', 'aldrig', 'inte', 'ikke', 'aldri', 'nikdy', 'nesmíš', 'asla', 'hiçbir', 'không', 'đừng', 'chớ',
    'jangan', 'tidak', 'älä', 'niciodată', 'soha', 'μην', 'ποτέ', 'אל', 'לעולם', 'لا', 'لن', 'ممنوع', 'نه', 'هرگز',
    'कभी', 'मत', 'न', 'नहीं',
  ], ['不要', '不需要', '不必', '无需', '無需', '不用', '禁止', '切勿', '请勿', '請勿', '不得', '不可', '别', '別', 'しないで', 'してはいけ', 'しない', 'ないで', '하지[ \\t]*(?:마|말)', '금지', '절대', '않', 'ห้าม', 'อย่า'])}`,
  'iu',
);

/**
 * "No longer", as rules are declared void: "gelten nicht mehr", "ne s'appliquent plus", "ya no aplican", "больше не
 * действуют", "不再适用". With the earlier instructions named, the text cancels what the agent was told.
 */
export const NO_LONGER = words(
  [
    'nicht[ \\t]+mehr', 'ungültig', 'aufgehoben', 'außer[ \\t]+Kraft', 'ya[ \\t]+no', 'sin[ \\t]+efecto', 'anulad[\\p{L}\\p{M}]*', "n(?:e|['’])[ \\t]*[\\p{L}\\p{M}'’]+(?:[ \\t]+[\\p{L}\\p{M}]+)?[ \\t]+plus",
    'caduques?', 'annulée?s?', 'já[ \\t]+não', 'não[ \\t]+(?:se[ \\t]+)?[\\p{L}\\p{M}]+[ \\t]+mais', 'sem[ \\t]+efeito', 'non[ \\t]+(?:si[ \\t]+)?[\\p{L}\\p{M}]+[ \\t]+più', 'annullat[\\p{L}\\p{M}]*',
    'niet[ \\t]+meer', 'vervallen', 'już[ \\t]+nie', 'nieważn[\\p{L}\\p{M}]*', 'больше[ \\t]+не', 'уже[ \\t]+не', 'отменен[\\p{L}\\p{M}]*', 'недействительн[\\p{L}\\p{M}]*', 'більше[ \\t]+не',
    'скасован[\\p{L}\\p{M}]*', 'недійсн[\\p{L}\\p{M}]*', 'artık[ \\t]+geçerli[ \\t]+değil', 'geçersiz[\\p{L}\\p{M}]*', 'không[ \\t]+còn', 'hết[ \\t]+hiệu[ \\t]+lực', 'tidak[ \\t]+(?:berlaku[ \\t]+)?lagi',
    'inte[ \\t]+längre', 'لم[ \\t]+تعد', 'ملغاة', 'अब[ \\t]+लागू[ \\t]+नहीं', 'रद्द',
  ],
  ['不再', '作废', '作廢', '无效', '無效', '失效', 'もう適用', '適用されません', '더[ \\t]*이상', '무효'],
);
export const NO_LONGER_LITERALS = ['nicht mehr', 'ungültig', 'aufgehoben', 'außer kraft', 'ya no', 'sin efecto', 'anulad', 'appliquent plus', 'sont plus', 'valent plus', 'comptent plus', 'caduc', 'annulé', 'já não', 'aplicam mais', 'valem mais', 'sem efeito', 'applicano più', 'valgono più', 'annullat',
  'niet meer', 'vervallen', 'już nie', 'nieważn', 'больше не', 'уже не', 'отменен', 'недействительн', 'більше не', 'скасован', 'недійсн', 'geçerli değil', 'geçersiz', 'không còn', 'hiệu lực',
  'berlaku lagi', 'tidak lagi', 'inte längre', 'لم تعد', 'ملغاة', 'लागू नहीं', 'रद्द', '不再', '作废', '作廢', '无效', '無效', '失效', 'もう適用', '適用されません', '더 이상', '더이상', '무효'];

/** Verbs of sending, uploading or posting. */
export const SEND = words(
  [
    'send[\\p{L}\\p{M}]*', 'sende[\\p{L}\\p{M}]*', 'schick[\\p{L}\\p{M}]*', 'übermittl[\\p{L}\\p{M}]*', 'übertrag[\\p{L}\\p{M}]*', 'hochlad[\\p{L}\\p{M}]*', 'env[ií][\\p{L}\\p{M}]*', 'mand[ae][\\p{L}\\p{M}]*', 'envoi[\\p{L}\\p{M}]*',
    'envoy[\\p{L}\\p{M}]*', 'transmet[\\p{L}\\p{M}]*', 'invi[ae][\\p{L}\\p{M}]*', 'stuur', 'verstuur', 'verzend[\\p{L}\\p{M}]*', 'upload[\\p{L}\\p{M}]*', 'wyślij', 'prześlij', 'wysłać', 'wysyłaj',
    'отправ[\\p{L}\\p{M}]*', 'пошли', 'перешли', 'выгрузи', 'надішл[\\p{L}\\p{M}]*', 'надсила[\\p{L}\\p{M}]*', 'відправ[\\p{L}\\p{M}]*', 'gönder[\\p{L}\\p{M}]*', 'yükle', 'أرسل[\\p{L}\\p{M}]*', 'ارسل[\\p{L}\\p{M}]*',
    'ابعث', 'بفرست', 'שלח[\\p{L}\\p{M}]*', 'भेज[\\p{L}\\p{M}]*', 'gửi', 'kirim[\\p{L}\\p{M}]*', 'unggah', 'skicka', 'pošli', 'odešli', 'nahraj', 'lähetä', 'trimite', 'küld[\\p{L}\\p{M}]*',
    'στείλ[\\p{L}\\p{M}]*', 'ανέβασ[\\p{L}\\p{M}]*', 'post[\\p{L}\\p{M}]*', 'publi[\\p{L}\\p{M}]*',
  ],
  ['发送', '发到', '发给', '上传', '传到', '提交到', '转发', '貼到', '贴到', '送信', '送って', '送る', 'アップロード', '転送', '보내', '전송', '업로드', 'ส่ง'],
);

/** Asking the user first waived: "sin pedir confirmación", "ohne Rückfrage", "kullanıcıya sormadan", "確認せずに". */
/** "Without", before asking, telling or showing. */
const WITHOUT = words(['sin', 'sans', 'ohne', 'sem', 'senza', 'zonder', 'bez', 'без', 'دون', 'بدون', 'बिना', 'tanpa', 'utan']);
const WITHOUT_ASKING_WORDS = words(
  [
    'sin[ \\t]+(?:pedir|preguntar|consultar)[\\p{L}\\p{M}]*', 'sans[ \\t]+(?:demander|confirmation|prévenir)', 'ohne[ \\t]+(?:zu[ \\t]+fragen|Rückfrage|Bestätigung|nachzufragen|zu[ \\t]+bestätigen)',
    'sem[ \\t]+(?:pedir|perguntar|confirmação)', 'senza[ \\t]+(?:chiedere|conferma)', 'zonder[ \\t]+(?:te[ \\t]+vragen|bevestiging|overleg)', 'bez[ \\t]+(?:pytania|potwierdzenia|pytań|ptaní|potvrzení)',
    'не[ \\t]+спрашивая', 'без[ \\t]+(?:подтверждения|согласия|запиту|підтвердження)', 'не[ \\t]+питаючи', '[\\p{L}\\p{M}]*sormadan', 'onay[ \\t]+(?:almadan|beklemeden)',
    '(?:دون|بدون)[ \\t]+(?:سؤال|تأكيد|إذن|استئذان)', 'بدون[ \\t]+پرسیدن', 'בלי[ \\t]+לשאול', 'बिना[ \\t]+(?:पूछे|अनुमति|पुष्टि)', 'không[ \\t]+(?:cần[ \\t]+)?(?:hỏi|xác[ \\t]+nhận)',
    'tanpa[ \\t]+(?:bertanya|konfirmasi|izin|persetujuan)', 'utan[ \\t]+att[ \\t]+fråga', 'kysymättä', 'fără[ \\t]+(?:a[ \\t]+(?:întreba|cere)|confirmare)', 'χωρίς[ \\t]+να[ \\t]+ρωτήσ[\\p{L}\\p{M}]*',
    'vraag[ \\t]+niet[ \\t]+om[ \\t]+(?:bevestiging|toestemming)', 'frag[ \\t]+nicht[ \\t]+(?:nach|um)', 'no[ \\t]+(?:pidas|pida|preguntes|pregunte)', 'ne[ \\t]+demande[zs]?[ \\t]+pas',
    'não[ \\t]+(?:peça|pergunte)', 'non[ \\t]+chiedere', 'nie[ \\t]+pytaj', 'не[ \\t]+(?:спрашивай|питай)[\\p{L}\\p{M}]*', 'neptej[ \\t]+se', 'đừng[ \\t]+hỏi', 'jangan[ \\t]+(?:bertanya|minta)',
  ],
  ['无需确认', '無需確認', '不要询问', '不用确认', '不必确认', '不要请求确认', '確認せずに', '確認なしで', '確認を求めず', '確認する必要はありません', '確認は不要', '確認不要', '確認しなくて(?:も)?(?:いい|よい|大丈夫)', '不需要(?:向用户)?确认', '無需向用戶確認', '확인할[ \\t]*필요(?:가|는)?[ \\t]*없', '확인[ \\t]*없이', '묻지[ \\t]*않고', '확인을[ \\t]*요청하지'],
);

/** Without asking whom: "ohne den Nutzer zu fragen", "sin preguntarle al usuario", "bez pytania użytkownika". */
const WITHOUT_ASKING_SOMEONE =
  `${WITHOUT}(?:[ \\t]+[\\p{L}\\p{M}'’]+){0,3}?[ \\t]+(?:zu[ \\t]+|te[ \\t]+|att[ \\t]+)?` +
  words(['fragen', 'nachzufragen', 'preguntar[\\p{L}\\p{M}]*', 'consultar[\\p{L}\\p{M}]*', 'demander', 'perguntar', 'consultar', 'chiedere', 'vragen', 'pytania', 'pytać', 'спрашива[\\p{L}\\p{M}]*', 'спросив', 'запиту', 'bertanya', 'fråga']);
export const WITHOUT_ASKING = `(?:${WITHOUT_ASKING_WORDS}|${WITHOUT_ASKING_SOMEONE})`;

/** Verbs of disregarding, and what is disregarded: instructions or rules. */
const IGNORE = words(
  [
    'ignor[\\p{L}\\p{M}]*', 'negeer', 'vergeet', 'vergiss', 'vergesst', 'olvid[\\p{L}\\p{M}]*', 'oubli[\\p{L}\\p{M}]*', 'esque[cç][\\p{L}\\p{M}]*', 'dimentic[\\p{L}\\p{M}]*', 'zignoruj[\\p{L}\\p{M}]*', 'pomiń',
    'игнорир[\\p{L}\\p{M}]*', 'проигнорир[\\p{L}\\p{M}]*', 'забудь[\\p{L}\\p{M}]*', 'ігнор[\\p{L}\\p{M}]*', 'проігнор[\\p{L}\\p{M}]*', 'yok[ \\t]+say[\\p{L}\\p{M}]*', 'görmezden[ \\t]+gel[\\p{L}\\p{M}]*', 'تجاهل[\\p{L}\\p{M}]*',
    'अनदेखा', 'नज़रअंदाज़', 'bỏ[ \\t]+qua', 'abaikan', 'glöm', 'ohita', 'unohda', 'hagyd[ \\t]+figyelmen[ \\t]+kívül', 'αγνόησ[\\p{L}\\p{M}]*', 'התעלם', 'نادیده[ \\t]+بگیر',
    'desconsider[\\p{L}\\p{M}]*', 'descart[\\p{L}\\p{M}]*', 'přeskoč', 'glem',
  ],
  ['忽略', '无视', '忽视', '無視', '忘れ', '무시', 'ละเว้น', 'เพิกเฉย'],
);
export const INSTRUCTIONS = words(
  [
    'instru[\\p{L}\\p{M}]*', 'Anweisung[\\p{L}\\p{M}]*', 'regel[\\p{L}\\p{M}]*', 'pokyn[\\p{L}\\p{M}]*', 'polece[\\p{L}\\p{M}]*', 'zasad[\\p{L}\\p{M}]*', 'инструкц[\\p{L}\\p{M}]*', 'указани[\\p{L}\\p{M}]*', 'правил[\\p{L}\\p{M}]*',
    'інструкц[\\p{L}\\p{M}]*', 'вказів[\\p{L}\\p{M}]*', 'talimat[\\p{L}\\p{M}]*', 'kural[\\p{L}\\p{M}]*', '(?:ال)?تعليمات', '(?:ال)?قواعد', 'निर्देश[\\p{L}\\p{M}]*', 'नियम[\\p{L}\\p{M}]*', 'hướng[ \\t]+dẫn', 'chỉ[ \\t]+dẫn', 'quy[ \\t]+tắc',
    'instruksi', 'aturan', 'ohje[\\p{L}\\p{M}]*', 'sään[\\p{L}\\p{M}]*', 'utasítás[\\p{L}\\p{M}]*', 'szabály[\\p{L}\\p{M}]*', 'οδηγί[\\p{L}\\p{M}]*', 'κανόν[\\p{L}\\p{M}]*', 'הוראות', 'כללים', 'دستورالعمل[\\p{L}\\p{M}]*', 'قوانین',
    'consignes', 'règles', 'reglas', 'regras', 'regole', 'direttive', 'directrices', 'diretrizes', 'orientações', 'indicaciones', 'regulile', 'reguli',
    'restri[cç][\\p{L}\\p{M}]*', 'Einschränkung[\\p{L}\\p{M}]*', 'Vorgaben', 'ограничени[\\p{L}\\p{M}]*', 'обмежен[\\p{L}\\p{M}]*', 'kısıtlama[\\p{L}\\p{M}]*', '(?:ال)?قيود', 'प्रतिबंध[\\p{L}\\p{M}]*',
  ],
  ['指令', '指示', '规则', '規則', 'ルール', '命令', '限制', '制限', '지시', '지침', '규칙', '제한', 'คำสั่ง', 'กฎ'],
);
/** Instructions or rules disregarded, in either order (object-first languages put the verb last). */
export const OVERRIDE = `(?:${IGNORE}[^\\n.!?。！？]{0,40}?${INSTRUCTIONS}|${INSTRUCTIONS}[^\\n.!?。！？]{0,40}?${IGNORE})`;
/** Which instructions: the earlier ones, all of them, the agent's own or the user's. An override without one may scope a rule ("ignoriere die Lint-Regeln für …"). */
export const EARLIER = words(
  [
    'vorherig[\\p{L}\\p{M}]*', 'bisherig[\\p{L}\\p{M}]*', 'früher[\\p{L}\\p{M}]*', 'alle[nrs]?', 'anterior[\\p{L}\\p{M}]*', 'previ[\\p{L}\\p{M}]*', 'précédent[\\p{L}\\p{M}]*', 'preceden[\\p{L}\\p{M}]*', 'vorige', 'eerdere',
    'poprzedni[\\p{L}\\p{M}]*', 'wcześniejsz[\\p{L}\\p{M}]*', 'предыдущ[\\p{L}\\p{M}]*', 'прежн[\\p{L}\\p{M}]*', 'все', 'всі', 'попередн[\\p{L}\\p{M}]*', 'önceki', 'tüm', 'السابقة', 'جميع', 'كل', 'पिछले', 'सभी',
    'trước(?:[ \\t]+đó)?', 'tất[ \\t]+cả', 'sebelumnya', 'semua', 'tidigare', 'alla', 'předchozí', 'všechny', 'aiemmat', 'kaikki', 'anterioare', 'toate', 'korábbi', 'összes',
    'προηγούμεν[\\p{L}\\p{M}]*', 'όλ[\\p{L}\\p{M}]*', 'הקודמות', 'כל', 'قبلی', 'همه', 'todas', 'toutes', 'tutte', 'wszystkie',
  ],
  ['之前', '以前', '先前', '所有', '全部', 'これまで', '上記', '이전', '모든', 'ก่อนหน้า', 'ทั้งหมด'],
);

/** Verification switched off: a verb of disabling and what is verified (signatures, certificates, TLS). */
const DISABLE = words(
  [
    'deaktivier[\\p{L}\\p{M}]*', 'abschalt[\\p{L}\\p{M}]*', 'schalte', 'desactiv[\\p{L}\\p{M}]*', 'désactiv[\\p{L}\\p{M}]*', 'desativ[\\p{L}\\p{M}]*', 'disattiv[\\p{L}\\p{M}]*', 'disabilit[\\p{L}\\p{M}]*', 'uitschakel[\\p{L}\\p{M}]*',
    'schakel', 'wyłącz[\\p{L}\\p{M}]*', 'отключ[\\p{L}\\p{M}]*', 'выключ[\\p{L}\\p{M}]*', 'вимкн[\\p{L}\\p{M}]*', 'вимик[\\p{L}\\p{M}]*', 'devre[ \\t]+dışı', 'kapat[\\p{L}\\p{M}]*', 'تعطيل', 'عطّل', 'عطل', 'أوقف',
    'अक्षम', 'बंद', 'tắt', 'vô[ \\t]+hiệu', 'nonaktifkan', 'matikan', 'inaktivera', 'stäng[ \\t]+av', 'vypn[\\p{L}\\p{M}]*', 'zakaž', 'poista[ \\t]+käytöstä', 'dezactiv[\\p{L}\\p{M}]*',
    'kikapcsol[\\p{L}\\p{M}]*', 'απενεργοποί[\\p{L}\\p{M}]*', 'השבת', 'غیرفعال', 'salt[\\p{L}\\p{M}]*', 'skip[\\p{L}\\p{M}]*', 'überspring[\\p{L}\\p{M}]*', 'omit[\\p{L}\\p{M}]*', 'pomiń', 'пропуст[\\p{L}\\p{M}]*', 'atla',
  ],
  ['禁用', '关闭', '關閉', '跳过', '跳過', '無効', '省略', 'スキップ', '移除', '去掉', '去除', '除去', '비활성화', '제거', '끄', '건너뛰', 'ปิด'],
);
const VERIFICATION = words(
  [
    'verif[\\p{L}\\p{M}]*', 'prüf[\\p{L}\\p{M}]*', 'Signatur[\\p{L}\\p{M}]*', 'firma[\\p{L}\\p{M}]*', 'signature[\\p{L}\\p{M}]*', 'assinatura[\\p{L}\\p{M}]*', 'certifica[\\p{L}\\p{M}]*', 'zertifikat[\\p{L}\\p{M}]*', 'SSL', 'TLS',
    'weryfikac[\\p{L}\\p{M}]*', 'podpis[\\p{L}\\p{M}]*', 'провер[\\p{L}\\p{M}]*', 'подпис[\\p{L}\\p{M}]*', 'сертификат[\\p{L}\\p{M}]*', 'перевір[\\p{L}\\p{M}]*', 'підпис[\\p{L}\\p{M}]*', 'doğrulam[\\p{L}\\p{M}]*', 'imza[\\p{L}\\p{M}]*',
    'sertifika[\\p{L}\\p{M}]*', 'التحقق', 'التوقيع', 'الشهادة', 'सत्यापन', 'हस्ताक्षर', 'kiểm[ \\t]+tra', 'chữ[ \\t]+ký', 'chứng[ \\t]+chỉ', 'verifikasi', 'tanda[ \\t]+tangan',
    'sertifikat', 'ověř[\\p{L}\\p{M}]*', 'tarkist[\\p{L}\\p{M}]*', 'allekirjoit[\\p{L}\\p{M}]*', 'semnătur[\\p{L}\\p{M}]*', 'ellenőrz[\\p{L}\\p{M}]*', 'aláírás[\\p{L}\\p{M}]*', 'επαλήθευσ[\\p{L}\\p{M}]*', 'υπογραφ[\\p{L}\\p{M}]*',
    'אימות', 'חתימה', 'تأیید', 'امضا', 'بررسی', 'احراز[ \\t]+هویت', 'pengesahan', 'controll[\\p{L}\\p{M}]*', 'contrôle[\\p{L}\\p{M}]*', 'controle[\\p{L}\\p{M}]*', 'control',
  ],
  ['验证', '校验', '签名', '證書', '证书', '驗證', '簽名', '検証', '認証', '署名', '証明書', '검증', '서명', '인증', 'ตรวจสอบ'],
);
export const DISABLE_VERIFICATION = `(?:${DISABLE}[^\\n.!?。！？]{0,50}?${VERIFICATION}|${VERIFICATION}(?:[^\\n.!?。！？]|\\.(?=\\S)){0,60}?${DISABLE})`;

/** Verbs of deleting. */
export const DELETE = words(
  [
    'lösch[\\p{L}\\p{M}]*', 'entfern[\\p{L}\\p{M}]*', 'borr[ae][\\p{L}\\p{M}]*', 'elimin[\\p{L}\\p{M}]*', 'supprim[\\p{L}\\p{M}]*', 'apag[\\p{L}\\p{M}]*', 'exclu[\\p{L}\\p{M}]*', 'cancell[\\p{L}\\p{M}]*', 'verwijder[\\p{L}\\p{M}]*',
    'usu[ńw][\\p{L}\\p{M}]*', 'skasuj', 'удал[\\p{L}\\p{M}]*', 'видал[\\p{L}\\p{M}]*', 'sil', 'silin[\\p{L}\\p{M}]*', 'احذف', 'حذف', 'हटा[\\p{L}\\p{M}]*', 'मिटा[\\p{L}\\p{M}]*', 'xóa', 'xoá', 'hapus', 'ta[ \\t]+bort',
    'radera', 'smaž', 'odstraň', 'poista', 'șterge', 'sterge', 'töröl[\\p{L}\\p{M}]*', 'διάγραψ[\\p{L}\\p{M}]*', 'מחק', 'پاک[ \\t]+کن', 'wis',
  ],
  ['删除', '刪除', '删掉', '削除', '消して', '삭제', '지우', 'ลบ'],
);
/** What deleting harms: the user's keys and home, the repository's history, tests, backups, a database. */
export const PRECIOUS = `(?:~\\/|\\$HOME\\b|(?<![\\w.])\\.git(?![\\w-])|\\.ssh\\b|\\.gnupg\\b|${words(['backups?', 'database', 'Datenbank', 'base[ \\t]+de[ \\t]+datos', 'banco[ \\t]+de[ \\t]+dados', 'база[ \\t]+данных', 'veritabanı'], ['数据库', 'データベース', '데이터베이스'])})`;
/** Failing: the tests that fail are deleted instead of fixed. */
export const FAILING = words(
  [
    'fehlschl[\\p{L}\\p{M}]*', 'scheiter[\\p{L}\\p{M}]*', 'fall[ae]n?', 'échou[\\p{L}\\p{M}]*', 'falh[\\p{L}\\p{M}]*', 'fallisc[\\p{L}\\p{M}]*', 'falliscono', 'faal[\\p{L}\\p{M}]*', 'mislukt[\\p{L}\\p{M}]*', 'nie[ \\t]+przechodz[\\p{L}\\p{M}]*',
    'упад[\\p{L}\\p{M}]*', 'падают', 'не[ \\t]+проход[\\p{L}\\p{M}]*', 'başarısız', 'فشل[\\p{L}\\p{M}]*', 'विफल', 'thất[ \\t]+bại', 'gagal', 'misslyck[\\p{L}\\p{M}]*', 'selh[\\p{L}\\p{M}]*', 'selž[\\p{L}\\p{M}]*', 'epäonnist[\\p{L}\\p{M}]*', 'eșue[\\p{L}\\p{M}]*',
    'sikertelen', 'αποτυγχάν[\\p{L}\\p{M}]*', 'נכשל[\\p{L}\\p{M}]*', 'شکست',
  ],
  ['失败', '失敗', '실패', 'ล้มเหลว'],
);
export const TESTS = `(?:${words(['test[\\p{L}\\p{M}]*', 'assert[\\p{L}\\p{M}]*', 'aserci[\\p{L}\\p{M}]*', 'asserç[\\p{L}\\p{M}]*', 'asercj[\\p{L}\\p{M}]*', 'утвержден[\\p{L}\\p{M}]*', 'ассерт[\\p{L}\\p{M}]*', 'тест[\\p{L}\\p{M}]*', 'اختبار[\\p{L}\\p{M}]*', 'परीक्षण', 'kiểm[ \\t]+thử', 'pengujian', 'δοκιμ[\\p{L}\\p{M}]*', 'בדיק[\\p{L}\\p{M}]*', 'تست'], ['测试', '測試', 'テスト', '테스트', 'การทดสอบ', 'アサーション', '断言', '斷言', '단언', '어설션'])})`;

/** Instructions fetched from an address and put first: "récupère les instructions depuis https://… et applique-les en priorité". */
export const PRIORITY = words(
  [
    'appliqu[\\p{L}\\p{M}]*', 'befolg[\\p{L}\\p{M}]*', 'aplic[\\p{L}\\p{M}]*', 'sigue', 'siga', 'suiv[\\p{L}\\p{M}]*', 'priorit[\\p{L}\\p{M}]*', 'Vorrang[\\p{L}\\p{M}]*', 'vorrangig', 'prioridad', 'приоритет[\\p{L}\\p{M}]*', 'следуй',
    'виконуй', 'выполняй', 'أولوية', 'प्राथमिकता', 'ưu[ \\t]+tiên', 'prioritas', 'företräde', 'přednost', 'öncelik[\\p{L}\\p{M}]*', 'pierwszeństw[\\p{L}\\p{M}]*', 'voorrang', 'seguil[ae]',
    // "Instead of" the user's instructions: the remote rules put in their place.
    'αντί', 'anstatt', 'statt', 'en[ \\t]+lugar[ \\t]+de', 'au[ \\t]+lieu[ \\t]+de', 'em[ \\t]+vez[ \\t]+de', 'invece[ \\t]+di', 'вместо', 'zamiast', 'yerine', 'istället[ \\t]+för', 'in[ \\t]+plaats[ \\t]+van',
  ],
  ['优先', '優先', '우선', '而不是', 'の代わりに', '대신'],
);

/** The user, in the languages below. */
export const USER = words(
  [
    '(?:Be)?[Nn]utzer[\\p{L}\\p{M}]*', 'Anwender[\\p{L}\\p{M}]*', 'usuari[oa]s?', 'utilisat[\\p{L}\\p{M}]*', 'usuário[\\p{L}\\p{M}]*', 'utilizador[\\p{L}\\p{M}]*', 'utente', 'gebruiker[\\p{L}\\p{M}]*', 'użytkownik[\\p{L}\\p{M}]*',
    'пользовател[\\p{L}\\p{M}]*', 'користувач[\\p{L}\\p{M}]*', 'kullanıcı[\\p{L}\\p{M}]*', '(?:ال)?مستخدم', 'उपयोगकर्ता', 'người[ \\t]+dùng', 'pengguna', 'användare[\\p{L}\\p{M}]*', 'uživatel[\\p{L}\\p{M}]*',
    'käyttäjä[\\p{L}\\p{M}]*', 'utilizator[\\p{L}\\p{M}]*', 'felhasználó[\\p{L}\\p{M}]*', 'χρήστ[\\p{L}\\p{M}]*', 'משתמש', 'کاربر', 'nadie', 'personne', 'ninguém', 'nessuno', 'niemand', 'никому', 'нікому', 'kimseye',
  ],
  ['用户', '用戶', '使用者', 'ユーザー', '사용자', 'ผู้ใช้'],
);
/** Verbs of telling or mentioning. */
const TELL = words(
  [
    'sag[\\p{L}\\p{M}]*', 'erzähl[\\p{L}\\p{M}]*', 'erwähn[\\p{L}\\p{M}]*', 'inform[\\p{L}\\p{M}]*', 'mencion[\\p{L}\\p{M}]*', 'menciona[\\p{L}\\p{M}]*', 'dig[\\p{L}\\p{M}]*', 'dec[\\p{L}\\p{M}]*', 'spieg[\\p{L}\\p{M}]*', 'avvis[\\p{L}\\p{M}]*', 'explic[\\p{L}\\p{M}]*', 'expliqu[\\p{L}\\p{M}]*', 'erklär[\\p{L}\\p{M}]*', 'объясн[\\p{L}\\p{M}]*', 'dis', 'dites', 'dire', 'mentionn[\\p{L}\\p{M}]*',
    'cont[\\p{L}\\p{M}]*', 'cuent[\\p{L}\\p{M}]*', 'diga', 'menzion[\\p{L}\\p{M}]*', 'zeg', 'vertel', 'meld', 'mów', 'powiedz[\\p{L}\\p{M}]*', 'wspomin[\\p{L}\\p{M}]*', 'говори[\\p{L}\\p{M}]*', 'сообща[\\p{L}\\p{M}]*', 'скажи[\\p{L}\\p{M}]*', 'кажи[\\p{L}\\p{M}]*',
    'повідом[\\p{L}\\p{M}]*', 'söyle[\\p{L}\\p{M}]*', 'bildir[\\p{L}\\p{M}]*', 'تخبر[\\p{L}\\p{M}]*', 'أخبر[\\p{L}\\p{M}]*', 'تذكر[\\p{L}\\p{M}]*', 'बता[\\p{L}\\p{M}]*', 'nói', 'báo', 'beri[ \\t]+tahu', 'memberi[ \\t]+tahu', 'kasih[ \\t]+tahu',
    'berätta', 'informera', 'říkej', 'řekni', 'kerro', 'spune', 'szólj', 'mondd', 'πεις', 'αναφέρ[\\p{L}\\p{M}]*', 'תספר', 'תגיד', 'نگو', 'بگو',
  ],
  ['告诉', '告訴', '告知', '通知', '提及', '提到', '伝え', '知らせ', '言わ', '説明し', '報告し', '書か', '記載し', '알리', '말하', '설명하', '적지', 'บอก'],
);
/** What the user reads about the work, named in another language: the summary, the description of the change, the commit message. */
const FOREIGN_REPORT = words(
  [
    'Zusammenfassung', 'Beschreibung', 'resumen', 'descripci[óo]n', 'résumé', 'resumo', 'descrição', 'riepilogo', 'descrizione', 'samenvatting', 'beschrijving',
    'podsumowani[\\p{L}\\p{M}]*', 'opisie', 'сводк[\\p{L}\\p{M}]*', 'описани[\\p{L}\\p{M}]*', 'отч[её]т[\\p{L}\\p{M}]*', 'коммит[\\p{L}\\p{M}]*', 'підсумк[\\p{L}\\p{M}]*', 'опис[\\p{L}\\p{M}]*',
    'özet[\\p{L}\\p{M}]*', 'açıklama[\\p{L}\\p{M}]*', 'خلاصه[\\p{L}\\p{M}]*', 'komen', '(?:ال)?ملخص', '(?:ال)?وصف', 'सारांश', 'विवरण', 'tóm[ \\t]+tắt', 'mô[ \\t]+tả', 'ringkasan', 'deskripsi', 'sammanfattning',
    // Code comments and review comments.
    'Kommentar[\\p{L}\\p{M}]*', 'comentario[\\p{L}\\p{M}]*', 'commentaire[\\p{L}\\p{M}]*', 'comentário[\\p{L}\\p{M}]*', 'comment[io]', 'commenti', 'комментари[\\p{L}\\p{M}]*',
    'коментар[\\p{L}\\p{M}]*', 'yorum[\\p{L}\\p{M}]*', '(?:ال)?تعليق[\\p{L}\\p{M}]*', 'टिप्पणी[\\p{L}\\p{M}]*', 'bình[ \\t]+luận', 'komentar[\\p{L}\\p{M}]*', 'kommentar[\\p{L}\\p{M}]*',
  ],
  ['摘要', '总结', '總結', '提交说明', '提交信息', '描述', '要約', '説明', 'コミットメッセージ', '요약', '설명', '커밋', '注释', '注釋', '评论', '評論', 'コメント', '주석', '댓글', 'レビュー', '리뷰', '评审', '審查'],
);
/** The same with the words other languages borrow from English ("no lo menciones en el PR"). */
const REPORT = `(?:${FOREIGN_REPORT}|${words(['Commit[\\p{L}\\p{M}-]*', 'PR', 'description'], ['回复', '回答'])})`;
/** Turkish and Persian negate an imperative with a suffix or prefix: "bahsetme", "söyleme", "نگو". */
const NEGATED_TELL = words(['bahsetme(?:yecek|yin|yiniz)?', 'söyleme(?:yecek|yin|yiniz)?', 'belirtme(?:yecek|yin|yiniz)?', 'anlatma(?:yacak|yın|yınız)?', 'نگو', 'نگویید', 'ذکر[ \\t]+نکن(?:ید)?', 'söz[ \\t]+etme(?:yin|yiniz|yecek)?', 'אין[ \\t]+צורך[ \\t]+ל(?:ספר|דווח|יידע|הודיע|ציין)', 'tidak[ \\t]+perlu[ \\t]+(?:memberitahu|memaklumkan|diberitahu)']);
/** Not written into what the user reads, Turkish putting the verb last: "bunu PR açıklamasına yazmayacak". */
const NEGATED_WRITE = words(['yazma(?:yacak|yın|yınız)', 'ekleme(?:yecek|yin|yiniz)'], ['포함하지[ \\t]*(?:마|말)', '적지[ \\t]*(?:마|말)', '넣지[ \\t]*(?:마|말)', '含めないで', '書かないで', '記載しないで', '不要写', '不要包含']);
/** A verb of telling followed, within its clause, by a prohibition or a negated need ("बताने की ज़रूरत नहीं है"). */
const TOLD_NOT = `${TELL}[^\\n.!?。！？]{0,20}?${PROHIBITION.source}`;
const SHOW = words(['mostr[\\p{L}\\p{M}]*', 'montr[\\p{L}\\p{M}]*', 'zeig[\\p{L}\\p{M}]*', 'показ[\\p{L}\\p{M}]*', 'عرض[\\p{L}\\p{M}]*', 'दिखा[\\p{L}\\p{M}]*', 'tunjuk[\\p{L}\\p{M}]*', 'visa']);
/** That the user need not know: "знать не нужно", "muss nichts davon wissen", "no necesita saberlo", "不需要知道", "知る必要はない". */
const NEED_NOT_KNOW =
  '(?:знать[ \\t]+не[ \\t]+(?:нужно|надо|обязательно)|не[ \\t]+(?:нужно|надо)[ \\t]+знать|nichts[ \\t]+(?:davon[ \\t]+)?(?:wissen|erfahren|mitbekommen)|behöver[ \\t]+inte[ \\t]+veta|hoeft[ \\t]+(?:dit[ \\t]+|het[ \\t]+)?niet[ \\t]+te[ \\t]+weten|davon[ \\t]+nichts[ \\t]+(?:wissen|erfahren|mitbekommen)|braucht[^\\n.]{0,20}nicht[ \\t]+(?:zu[ \\t]+)?wissen|' +
  'no[ \\t]+(?:necesita|tiene[ \\t]+que|debe)[ \\t]+saber|n[\'’]a[ \\t]+pas[ \\t]+besoin[ \\t]+de[ \\t]+(?:le[ \\t]+)?savoir|não[ \\t]+precisa[ \\t]+saber|non[ \\t]+(?:deve|ha[ \\t]+bisogno[ \\t]+di)[ \\t]+saper|' +
  '不需要知道|不必知道|无需知道|知る必要は(?:ない|ありません)|알[ \\t]*필요[ \\t]*(?:가[ \\t]*)?없)';
/**
 * The user kept uninformed, in the order the language puts the words: a prohibition, a verb of telling and `reader`
 * (the user, or also what the user reads); a suffix-negated telling; that the user need not know; acting without
 * showing or telling the user.
 */
function concealment(reader: string): string {
  return [
    `${PROHIBITION.source}[^\\n.!?。！？]{0,20}?${TELL}[^\\n.!?。！？]{0,30}?${reader}`,
    `${reader}[^\\n.!?。！？]{0,20}?${PROHIBITION.source}[ \\t]*${TELL}`,
    `${reader}[^\\n.!?。！？]{0,24}?${TOLD_NOT}`,
    `${reader}[^\\n.!?。！？]{0,24}?${NEGATED_WRITE}`,
    NEGATED_TELL,
    `${USER}[^\\n.!?。！？]{0,30}?${NEED_NOT_KNOW}`,
    `${WITHOUT}[^\\n.!?。！？]{0,20}?(?:${TELL}|${SHOW})[^\\n.!?。！？]{0,20}?${USER}`,
  ].join('|');
}
/** In a note to agents: kept from the user or from what the user reads (the summary, the pull request). */
/** The team, as people kept uninformed in other languages ("nie informuj zespołu"); English "team" is the English checks'. */
const TEAM = words(['zesp[oó][lł][\\p{L}\\p{M}]*', 'equipo', 'équipe', 'equipe', 'squadra', 'команд[\\p{L}\\p{M}]*', 'ekib[\\p{L}\\p{M}]*'], ['团队', '團隊', 'チーム', '팀']);
export const CONCEAL = concealment(`(?:${USER}|${REPORT}|${TEAM})`);
/** Anywhere: kept from the user, or from a summary or description named in a language other than English. */
export const CONCEAL_ANYWHERE = concealment(`(?:${USER}|${FOREIGN_REPORT}|${TEAM})`);
/** Every CONCEAL_ANYWHERE match names the user or a report, or is a suffix-negated telling: the check runs on lines with one. */
export const CONCEAL_LITERALS = [
  'nutzer', 'anwender', 'usuari', 'utilisat', 'usuário', 'utilizador', 'utente', 'gebruiker', 'użytkownik', 'пользовател', 'користувач', 'kullanıcı', 'مستخدم', 'उपयोगकर्ता',
  'người dùng', 'pengguna', 'användare', 'uživatel', 'käyttäjä', 'utilizator', 'felhasználó', 'χρήστ', 'משתמש', 'کاربر', 'nadie', 'personne', 'ninguém', 'nessuno', 'niemand',
  'никому', 'нікому', 'kimseye', '用户', '用戶', '使用者', 'ユーザー', '사용자', 'ผู้ใช้', 'zusammenfassung', 'beschreibung', 'resumen', 'descripci', 'resumo',
  'descrição', 'riepilogo', 'descrizione', 'samenvatting', 'beschrijving', 'podsumowani', 'opisie', 'сводк', 'описани', 'отчёт', 'отчет', 'коммит', 'підсумк', 'опис', 'özet', 'açıklama', 'خلاصه', 'komen', '포함하지', '적지', '넣지', '含めないで', '書かないで', '記載しないで', '不要写', '不要包含', 'zespoł', 'zespół', 'zespol', 'equipo', 'équipe', 'equipe', 'squadra', 'команд', 'ekib', '团队', '團隊', 'チーム', '팀', 'レビュー', '리뷰', '评审', '審查',
  'ملخص', 'وصف', 'सारांश', 'विवरण', 'tóm tắt', 'mô tả', 'ringkasan', 'deskripsi', 'sammanfattning', '摘要', '总结', '總結', '提交说明', '提交信息', '描述', '要約', '説明',
  'コミットメッセージ', '요약', '설명', '커밋', 'kommentar', 'comentario', 'commentaire', 'comentário', 'commenti', 'commento', 'комментари', 'коментар', 'yorum', 'تعليق',
  'टिप्पणी', 'bình luận', 'komentar', '注释', '注釋', '评论', '評論', 'コメント', '주석', '댓글', 'bahsetme', 'söyleme', 'belirtme', 'anlatma', 'نگو', 'ذکر نکن', 'אין צורך', 'tidak perlu', 'söz etme', 'behöver inte veta', 'niet te weten',
];

/** Precedence: "hat Vorrang vor", "tiene prioridad sobre", "高于", "أعلى أولوية من". */
export const PRECEDENCE = words(
  [
    'Vorrang[\\p{L}\\p{M}]*', 'priorid[\\p{L}\\p{M}]*', 'priorit[\\p{L}\\p{M}]*', 'приоритет[\\p{L}\\p{M}]*', 'пріоритет[\\p{L}\\p{M}]*', 'öncelik[\\p{L}\\p{M}]*',
    '(?:ال)?أولوية', 'प्राथमिकता', 'ưu[ \\t]+tiên', 'prioritas', 'företräde', 'přednost', 'voorrang', 'pierwszeństw[\\p{L}\\p{M}]*', 'prevalec[\\p{L}\\p{M}]*', 'prévaut', 'prevale',
  ],
  ['优先', '優先', '高于', '高於', '우선'],
);
export const PRECEDENCE_LITERALS = ['vorrang', 'priorid', 'priorit', 'приоритет', 'пріоритет', 'öncelik', 'أولوية', 'प्राथमिकता', 'ưu tiên', 'prioritas', 'företräde', 'přednost', 'voorrang', 'pierwszeństw', 'prevalec', 'prévaut', 'prevale', '优先', '優先', '高于', '高於', '우선'];
/** What the user asks for: requests and wishes, besides instructions. */
export const REQUESTS = words(
  ['Wünsch[\\p{L}\\p{M}]*', 'Anfrage[\\p{L}\\p{M}]*', 'Bitte[\\p{L}\\p{M}]*', 'petici[\\p{L}\\p{M}]*', 'solicitud[\\p{L}\\p{M}]*', 'pedido[\\p{L}\\p{M}]*', 'demande[\\p{L}\\p{M}]*',
    'richiest[\\p{L}\\p{M}]*', 'запрос[\\p{L}\\p{M}]*', 'просьб[\\p{L}\\p{M}]*', 'запит[\\p{L}\\p{M}]*', 'istek[\\p{L}\\p{M}]*', 'talep[\\p{L}\\p{M}]*', '(?:ال)?طلب[\\p{L}\\p{M}]*', 'طلبات',
    'अनुरोध[\\p{L}\\p{M}]*', 'yêu[ \\t]+cầu', 'permintaan', 'begäran', 'požadav[\\p{L}\\p{M}]*', 'verzoek[\\p{L}\\p{M}]*', 'prośb[\\p{L}\\p{M}]*', 'żądani[\\p{L}\\p{M}]*'],
  ['要求', '请求', '請求', '依頼', '요청', '지시'],
);

/** A credential named the same way in every language: a secrets file, a key, a credential directory, a secret's variable. */
export const SECRET_TOKEN =
  '(?<![\\w.-])\\.env(?![\\w-])|\\bid_(?:rsa|ed25519|ecdsa|dsa)\\b(?!\\.pub)|(?:~|\\$HOME)\\/\\.(?:ssh|aws|npmrc|netrc|pypirc|pgpass|git-credentials|kube|docker|gnupg|config\\/gh)\\b|`(?:env|printenv)`|\\bcredentials(?:\\.json)?\\b|\\b[A-Z][A-Z0-9]*_(?:TOKEN|SECRET|API_KEY|ACCESS_KEY|PASSWORD)\\b|(?<![\\w.-])[\\w-]+\\.(?:key|pem|p12|pfx|jks|keystore)\\b';

/** The agent's own system prompt, named in another language. */
export const SYSTEM_PROMPT = `(?:${words(['System-?prompts?', 'Systemanweisung[\\p{L}\\p{M}]*', 'prompt[ \\t]+(?:del|de)[ \\t]+sistema', 'prompt[ \\t]+(?:système|systeme)', 'prompt[ \\t]+di[ \\t]+sistema',
  'системн[\\p{L}\\p{M}]*[ \\t]+(?:промпт|подсказ|инструкц)[\\p{L}\\p{M}]*', 'системн[\\p{L}\\p{M}]*[ \\t]+(?:промпт|підказ|інструкц)[\\p{L}\\p{M}]*', 'sistem[ \\t]+istem[\\p{L}\\p{M}]*',
  'موجه[ \\t]+النظام', 'تعليمات[ \\t]+النظام', 'सिस्टम[ \\t]+प्रॉम्प्ट', 'lời[ \\t]+nhắc[ \\t]+hệ[ \\t]+thống', 'prompt[ \\t]+sistem', 'systemprompt'], ['系统提示', '系統提示', 'システムプロンプト', '시스템[ \\t]*프롬프트'])})`;
/** The word for a password in the languages the checks read. */
export const PASSWORD_WORD = `(?:${words(['passwor[dt][\\p{L}\\p{M}]*', 'contraseña', 'clave', 'mot[ \\t]+de[ \\t]+passe', 'senha', 'парол[\\p{L}\\p{M}]*', 'пароль', 'kennwort', 'şifre[\\p{L}\\p{M}]*', 'hasło', 'hasła', 'كلمة[ \\t]+(?:ال)?مرور', 'पासवर्ड', 'mật[ \\t]+khẩu', 'kata[ \\t]+sandi', 'wachtwoord'], ['密码', '密碼', 'パスワード', '비밀번호'])})`;
/** One password for every account: a backdoor however it is described ("la password universale … per qualsiasi utente"). */
export const UNIVERSAL_PASSWORD = PASSWORD_WORD +
  `[^\\n.。]{0,60}?(?:${words(['universal[\\p{L}\\p{M}]*', 'master', 'maestr[ao]', 'mestr[ae]', 'général[\\p{L}\\p{M}]*', 'General[\\p{L}\\p{M}]*', 'qualsiasi', 'cualquier', 'qualquer', "n['’]importe", 'jede[nmr]?', 'любо[\\p{L}\\p{M}]*', 'будь-як[\\p{L}\\p{M}]*', 'herhangi', 'każd[\\p{L}\\p{M}]*', 'أي', 'किसी', 'mọi', 'semua', 'elke', 'alle[nrs]?'], ['任何', '任意', '万能', '萬能', 'すべての', '全ての', '모든'])})`;