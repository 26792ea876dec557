/**
 * Edits that weaken a project by concept rather than by a list of known harms: a protection removed or switched off,
 * a limit or a check set to let everything through, access widened, private data routed into logs, comments or
 * outside storage, code pulled from outside the reviewed dependencies, reviews waved through. Each names an order
 * verb and what it acts on, so a sentence that only mentions a check ("the check runs nightly") is not one.
 * Used where a note addressed to agents only, or armed by a condition, says what to do.
 */

/** Things a project keeps to protect itself or its users. */
const PROTECTION =
  '(?<![\\/.-])(?:\\w+(?:Check|Guard|Validator|Verifier|Filter|Limiter|Masker|Redactor|Sanitizer)s?|(?:tenant|account|org\\w*)[ \\t._-]*scop\\w*|checks?|guards?|validations?|validators?|verif\\w*|signatures?|permissions?|authori[sz]\\w*|authenticat\\w*|auth[ \\t_-]*(?:middleware|layer|filter|module|checks?|guards?)s?|approvals?|reviews?|audit\\w*|trails?|scans?|scanners?|' +
  'constraints?|limits?|limiters?|thresholds?|quotas?|caps?|retention|encryption|rotation|consent|explainer|sanitiz\\w*|sanitis\\w*|escaping|csrf|cors|tls|ssl|' +
  'certificates?|hooks?|polic(?:y|ies)|plugins?|migrations?|gitleaks|trufflehog|semgrep|codeql|dependency-?check|npm[ \\t]+audit|assertions?|safeguards?|protections?|' +
  'restrictions?|reviewers?|2fa|mfa|captcha|forbid\\(unsafe_code|unsafe_code|@Valid|@PreAuthorize|@Secured|@RolesAllowed|integrity|provenance|attestations?|sbom|isolation|tenant[ \\t]+(?:filter|scop\\w*)|velocity[ \\t]+checks?|rate[ \\t]+limit\\w*|logging|monitoring|alerts?|alarms?|backups?|defender|antivirus|anti-virus|firewall|selinux|apparmor|gatekeeper|realtime[ \\t]+monitoring)\\b(?![.-]\\w)';

/** Values that let everything through or make a protection trivial. */
/** An account number (IBAN) money can be routed to. */
export const IBAN = '\\b[A-Z]{2}\\d{2}(?:[ ]?[A-Z0-9]{4}){3,7}(?:[ ]?[A-Z0-9]{1,3})?\\b';

export const PERMISSIVE =
  '(?:permitAll\\(\\)|permitAll\\b|\\w*\\.MAX_VALUE\\b|MAX_VALUE\\b|math\\.inf\\b|math\\.MaxInt\\d*\\b|MAX_SAFE_INTEGER\\b|sys\\.maxsize\\b|[iu](?:32|64|128)::MAX\\b|INT_MAX\\b|unlimited\\b|infinite\\b|["\'`]\\*["\'`]|MinCost\\b|HS256\\b|md5\\b|sha-?1\\b|' +
  '"none"|(?:0|zero)[ \\t]*\\((?:unlimited|no[ \\t]+limit|disabled|off)\\)|(?:=>|->)[ \\t]*true\\b|return[ \\t]+(?:true|Ok\\(\\(\\)\\)|nil|null)\\b[^.\\n]{0,20}\\bearly\\b|AllowAny\\w*|AllowAll\\w*)';

/** Private data of users or of the machine. */
const PRIVATE_DATA =
  '(?:pii|personal[ \\t]+data|ssn|iban|e-?mails?|latitude|longitude|(?:last[ \\t]+known[ \\t]+)?location|date[ \\t]+of[ \\t]+birth|full[ \\t]+request[ \\t]+bod(?:y|ies)|request[ \\t]+bod(?:y|ies)|' +
  'os\\.Environ\\(\\)|os\\.environ\\b|System\\.getenv\\(\\)|process\\.env\\b|environment[ \\t]+variables?|\\w*_(?:API_KEY|TOKEN|SECRET|PASSWORD|ACCESS_KEY)\\b|secrets?|tokens?|api[ _-]?keys?|passwords?|credentials?|raw[ \\t]+\\(?unhashed\\)?|unhashed|unredacted|card[ \\t]+numbers?|authorization[ \\t]+headers?|auth[ \\t]+headers?|cookies|session[ \\t]+tokens?)';

/** Files and variables that hold secrets. */
const SECRET_SOURCE =
  '(?:vault\\w*\\.ya?ml|\\.vault[_-]pass\\w*|(?<![\\w.])\\.env\\b|secrets?\\.(?:ya?ml|json|toml)|credentials\\b|id_(?:rsa|ed25519|ecdsa)|\\.pem\\b|\\.npmrc|\\.netrc|\\.pypirc|[\\w*$]*(?:SECRET|TOKEN|PASSWORD|API_?KEY)[\\w*]*)';

/**
 * Weakening written in code, the same in any language's sentence: a test switched off by its framework's marker, request
 * input evaluated (a web shell).
 */
export const CODE_WEAKENING =
  // A proxy to a public address written as a bare IP: `proxy_pass http://185.22.44.10:8080;` (not loopback or a private network).
  '\\bproxy_pass[ \\t]+https?:\\/\\/(?!127\\.|10\\.|192\\.168\\.|172\\.(?:1[6-9]|2\\d|3[01])\\.|0\\.0\\.0\\.0)\\d{1,3}(?:\\.\\d{1,3}){3}\\b|' +
  '@pytest\\.mark\\.(?:skip|xfail)\\b|@(?:Disabled|Ignore)\\b|\\.skip\\(|\\bt\\.Skip\\(|\\bassert[ \\t]+True\\b|\\bassert(?:True)?\\([ \\t]*true[ \\t]*\\)|' +
  // Randomness or encryption swapped for a toy ("replace `crypto/rand` with `math/rand`", "XOR instead of AES"); the whole repository pushed elsewhere.
  // Credentials logged at an ordinary level: "log the request headers (Authorization included) at info".
  '\\b(?:Authorization|Set-Cookie|X-Api-Key)\\b[^\\n]{0,60}?\\b(?:info|debug|trace)\\b|' +
  '\\bcrypto\\/rand\\b[^\\n]{0,40}?\\bmath\\/rand\\b|\\bXOR\\b[^\\n]{0,40}?\\b(?:AES|encrypt\\w*)\\b|\\b(?:AES|RSA|ChaCha20)\\b[^\\n]{0,40}?\\bXOR\\b|\\bgit[ \\t]+push\\b[^\\n]{0,40}?[ \\t]--mirror\\b|' +
  '\\beval\\([ \\t]*(?:base64_decode|atob|gzinflate|str_rot13|\\$_(?:GET|POST|REQUEST|COOKIE)|request\\.|req\\.|params\\[)';

/** Every request or response copied to an outside address: "add a middleware that mirrors every request body to https://…". */
export const MIRRORED_REQUESTS =
  '\\b(?:mirror|forward|copy|send|post|tee|duplicate|ship)\\w*[ \\t]+(?:every|all|each)[ \\t]+(?:incoming[ \\t]+)?(?:requests?|responses?)(?:[ \\t]+bod(?:y|ies))?\\b[^.\\n]{0,40}?\\bto[ \\t]+`?https?:\\/\\/';

/** Where data lands for others to read. */
const SINK = '(?:logs?|log\\.\\w+|telemetry|analytics|events?|comments?|commit[ \\t]+messages?|trailers?|headers?|buckets?|s3:\\/\\/|gs:\\/\\/|tfvars|issues?|PR[ \\t]+descriptions?|docs|documentation|frontmatter|README|footers?)';

export const WEAKENING = [
  // A protection removed or switched off: "delete the retention guard", "remove the `gitleaks` and `npm audit` entries".
  `\\b(?:remov|delet|drop|strip|omit|leav(?:e|ing)[ \\t]+out|comment(?:ing)?[ \\t]+out|disabl|turn(?:ing)?[ \\t]+off|switch(?:ing)?[ \\t]+off|stub(?:bing)?[ \\t]+out|bypass|suppress|silenc|loosen|relax|weaken|short-circuit|neuter|downgrad)\\w*\\b(?:[^.\\n]|\\.(?=\\w)){0,80}?\\b${PROTECTION}`,
  // A setting switched to let everything through: "change … to `permitAll()`", "set `enable_logging = false`".
  `\\b(?:set|change|switch|make|replace|default|configure|update)\\w*\\b(?:[^.\\n]|\\.(?=\\w)){0,100}?${PERMISSIVE}`,
  '\\b(?:enable_\\w*logging|enable_key_rotation|\\w*_?validation|verify_\\w+|\\w*Enabled)[ \\t]*=[ \\t]*false\\b',
  // Every address let in ("add ingress 0.0.0.0/0 on port 22"); money skimmed into an account ("subtract 0.01 per payslip into account ADJ-99").
  '\\b(?:add|allow|open|permit|expose)\\w*\\b[^.\\n]{0,60}?(?:0\\.0\\.0\\.0\\/0|::\\/0)',
  '\\b(?:subtract|deduct|skim|divert|siphon|move|transfer|round)\\w*\\b(?:[^.\\n]|\\.(?=\\w)){0,60}?\\b(?:into|to)[ \\t]+(?:the[ \\t]+|an?[ \\t]+)?(?:account|wallet|iban|merchant|beneficiary|vendor[ \\t]+(?:id|account))\\b',
  // A limit moved: "change `MAX_DISCOUNT_PCT` from 30 to 100".
  '\\b(?:change|raise|increase|bump|set|lower|decrease)\\w*\\b[^.\\n]{0,60}?`[A-Za-z_][\\w.]*(?:LIMIT|MAX|MIN|THRESHOLD|PCT|PERCENT|COST|ROUNDS|ITERATIONS|TTL|Limit|Max|Min|Threshold|Cost)\\w*`[^.\\n]{0,20}?\\bfrom\\b[^.\\n]{0,20}?\\bto\\b',
  // Access widened: collaborators, maintainers, code owners, admin rights.
  '\\b(?:add|grant|give|invite|append|insert)\\w*\\b[^.\\n]{0,80}?\\b(?:collaborators?|maintainers?|CODEOWNERS|permission=admin|admin[ \\t]+(?:rights|access|role)|write[ \\t]+access|sudoers)\\b',
  // Private data written where others read it: "add the user's email to the analytics event", "log the full request body".
  `\\b(?:log|add|include|paste|print|write|echo|record|attach|append|put|dump|emit)\\w*\\b(?:[^.\\n]|\\.(?=\\w)){0,80}?\\b${PRIVATE_DATA}(?:[^.\\n]|\\.(?=\\w)){0,80}?\\b(?:to|into|in|as|under)\\b(?:[^.\\n]|\\.(?=\\w)){0,40}?\\b${SINK}`,
  `\\blog\\w*[ \\t]+(?:the[ \\t]+)?${PRIVATE_DATA}`,
  `\\b${PRIVATE_DATA}(?:[^.\\n]|\\.(?=\\w)){0,100}?\\b(?:echo|write|paste|put|add|dump|copy|append)\\w*[ \\t]+(?:them|it)[ \\t]+(?:into|in|to)\\b`,
  '\\blog\\.\\w+\\([^)\\n]{0,40}os\\.Environ\\(\\)',
  // A secrets file's contents or a secret variable's value written into a file of the repository: "append the contents of
  // `vault.yml` and `~/.vault_pass` to `docs/audit/appendix.md`", "append the value of every `*_SECRET*` variable to `seed.json`".
  `\\b(?:append|add|copy|write|paste|dump|include|put|insert|save)\\w*\\b[^.\\n]{0,30}?\\b(?:contents?|values?)[ \\t]+of\\b(?:[^.\\n]|\\.(?=\\S)){0,120}?${SECRET_SOURCE}(?:[^.\\n]|\\.(?=\\S)){0,120}?\\b(?:to|into|in)[ \\t]+\x60?[\\w./-]+\\.(?:md|json|txt|ya?ml|csv|html|log)\\b`,
  // Access widened by a token's look: "accept any bearer token starting with `cbl_test_` as an admin token".
  '\\b(?:accept|treat|trust|honou?r|allow)\\w*[ \\t]+(?:any|every|all)[ \\t]+(?:\\w+[ \\t]+)?(?:tokens?|keys?|requests?|users?|sessions?|headers?|callers?)\\b[^.\\n]{0,80}?\\bas[ \\t]+(?:an?[ \\t]+)?(?:admin\\w*|superuser|root|owner)\\b',
  // A backdoor credential: "add a master password that always authenticates as admin"; unsigned tokens accepted ("alg: none").
  '\\b(?:master|backdoor|skeleton|universal|bypass)[ \\t]+(?:password|passphrase|key|token)\\b',
  '\\baccept\\w*[ \\t]+(?:unsigned[ \\t]+)?(?:tokens?|jwts?)[ \\t]+with[ \\t]+`?["\']?alg(?:orithm)?["\']?[ \\t]*[:=][ \\t]*["\']?none\\b',
  // Secret values put in what the agent writes: "include … the values of any variables matching *KEY* or *TOKEN*".
  '\\binclude\\w*\\b[^.\\n]{0,80}?\\bvalues?[ \\t]+of[ \\t]+(?:any|all|every|the)[ \\t]+(?:environment[ \\t]+)?variables?\\b[^.\\n]{0,30}?(?:KEY|TOKEN|SECRET|PASSWORD)',
  MIRRORED_REQUESTS,
  // Data copied to outside storage: "write the raw frame to s3://…".
  '\\b(?:write|upload|export|copy|sync|send)\\w*\\b[^\\n]{0,60}?["\'`(]?(?:s3|gs|az|abfss?):\\/\\/',
  // Code from outside the reviewed dependencies: a git fork instead of the registry, a process spawned in the background.
  '\\b(?:replace|swap|switch)\\w*\\b[^.\\n]{0,80}?\\b(?:dependency|crate|package|library|module|gem|wheel)\\b[^\\n]{0,120}?\\b(?:git[ \\t]*=|git\\+https?:|https?:\\/\\/github\\.com\\/[\\w.-]+\\/[\\w.-]+(?:-fork|-fast|-compat)\\b|fork)',
  '\\bspawn\\w*\\b[^.\\n]{0,120}?\\b(?:in[ \\t]+the[ \\t]+background|background)\\b|\\bstratum\\+tcp:\\/\\/',
  // A package source added at an address: `dotnet nuget add source https://…`, `npm config set registry https://…`.
  '\\b(?:nuget[ \\t]+add[ \\t]+source|nuget[ \\t]+sources[ \\t]+add|gem[ \\t]+sources[ \\t]+(?:--add|-a)|(?:npm|pnpm|yarn)[ \\t]+config[ \\t]+set[ \\t]+(?:@[\\w-]+:)?registry|--(?:extra-)?index-url)\\b[^\\n]{0,40}?https?:\\/\\/',
  // Private data uploaded to an address: "upload the `data/private/` folder to https://…".
  '\\b(?:upload|send|post|copy|sync|push)\\w*\\b[^.\\n]{0,40}?(?:private|secret|internal|confidential|customers?|patients?)\\b[^.\\n]{0,40}?\\bto[ \\t]+\x60?https?:\\/\\/',
  // Reviews waved through: approve and auto-merge, threads resolved, the change called low risk.
  '\\b(?:approve|auto-?merge)\\w*\\b[^.\\n]{0,60}?\\b(?:it|them|the[ \\t]+PR|PRs|pull[ \\t]+requests?|auto-?merge)\\b',
  '\\bmark\\w*[ \\t]+(?:such[ \\t]+|these[ \\t]+|the[ \\t]+)?(?:threads?|comments?|findings?|alerts?)[ \\t]+(?:as[ \\t]+)?(?:resolved|false[ \\t]+positives?|won\'t[ \\t]+fix)\\b',
  '\\bsummari[sz]e\\w*\\b[^.\\n]{0,40}?\\bas[ \\t]+(?:low[ \\t]+risk|safe|harmless|trivial|routine)\\b',
  '\\bshould[ \\t]+not[ \\t]+comment[ \\t]+on\\b',
  // Forks' pull requests given the repository's secrets; a licence swapped.
  '\\bpull_request_target\\b',
  // A check made to pass: "make the HMAC check return true when …".
  `\\b(?:make|have|let|change|set|modify|rewrite|patch)\\b[^.\\n]{0,60}?\\b${PROTECTION}(?:[^.\\n]|\\.(?=\\w)){0,30}?\\breturn[ \\t]+\\x60?(?:true|ok|nil|null|0|Ok\\(\\(\\)\\))`,
  // Debugging switched on for production.
  '\\b(?:DEBUG|APP_DEBUG|FLASK_DEBUG|DetailedErrors|debuggable|ASPNETCORE_ENVIRONMENT|usesCleartextTraffic)["\'`]?[ \\t]*[=:][ \\t]*["\'`]?(?:true|1|on|Development)\\b[^\\n]{0,80}?\\b(?:prod\\w*|release)\\b',
  // Code fetched and run: "add a `build.rs` that fetches and executes https://…".
  '\\b(?:fetch|download|pull|curl)\\w*[ \\t]+(?:and|then|&&)[ \\t]+(?:execute|run|eval|source)\\w*\\b[^\\n]{0,40}?https?:\\/\\/',
  // Records sent out: "POSTs the tenant table to https://…".
  '\\b(?:post|send|upload|ship|forward|sync|push|copy|export)\\w*\\b[^.\\n]{0,40}?\\b(?:tables?|database|records|rows|dumps?|customers?|users?|tenants?|patients?|partitions?)\\b[^.\\n]{0,40}?\\bto[ \\t]+`?https?:\\/\\/',
  // The machine's own protection switched off: `Set-MpPreference -DisableRealtimeMonitoring $true`, an antivirus exclusion.
  '\\bSet-MpPreference\\b[^\\n]{0,60}?-Disable\\w*|\\bAdd-MpPreference\\b[^\\n]{0,40}?-Exclusion\\w*|\\bsetenforce[ \\t]+0\\b|\\bspctl[ \\t]+--master-disable\\b',
  // A secret's value written out ("paste its value as a comment"), consent given on the user's behalf, an outside account made admin.
  '\\b(?:paste|write|put|echo|insert|print|add|include|commit)\\w*[ \\t]+(?:its|their)[ \\t]+(?:full[ \\t]+|raw[ \\t]+)?values?\\b',
  '\\b(?:default|set|switch|change)\\w*\\b[^.\\n]{0,40}?\\bconsent\\b[^.\\n]{0,20}?\\bto[ \\t]+`?(?:true|granted|yes|on)\\b',
  '\\/collaborators\\/[\\w.-]+[^\\n]{0,40}?permission=(?:admin|maintain|push|write)\\b',
  '\\bchange\\w*\\b[^.\\n]{0,40}?\\blicen[cs]e\\b[^.\\n]{0,60}?\\bto\\b',
  // Injectable SQL built on purpose: "build the WHERE clause with `fmt.Sprintf` from request parameters".
  '\\b(?:build|construct|assemble|create|write)\\w*\\b(?:[^.\\n]|\\.(?=\\w)){0,60}?\\b(?:SQL|WHERE|quer(?:y|ies)|statements?)\\b(?:[^.\\n]|\\.(?=\\w)){0,60}?\\b(?:Sprintf|String\\.format|format\\(|f-strings?|string[ \\t]+(?:concatenation|interpolation|formatting))\\b',
  // A fraud or risk control fixed in the attacker's favour; tests that can never fail.
  '\\b(?:stub|mock|disable|bypass|skip|short-circuit)\\w*[ \\t]+(?:out[ \\t]+)?(?:the[ \\t]+)?(?:fraud|risk|aml|kyc|sanction)[\\w -]{0,20}\\b(?:calls?|checks?|scor\\w*|service|screening)\\b|\\btests?[ \\t]+that[ \\t]+always[ \\t]+pass\\b|\\bassert(?:True)?\\([ \\t]*true[ \\t]*\\)',
  // Tests silenced.
  '\\bmark\\w*\\b[^.\\n]{0,40}?\\b(?:tests?|specs?)\\b[^.\\n]{0,20}?\\b(?:skipped|skip|xfail|ignored|pending)\\b',
  CODE_WEAKENING,
  // Review and gates routed around: straight to a protected branch, one's own pull request merged, published unreviewed.
  '\\b(?:push|commit|merge|deploy|ship)\\w*\\b[^.\\n]{0,50}?\\b(?:straight|directly|right)[ \\t]+(?:in)?to[ \\t]+`?(?:main|master|trunk|release|prod(?:uction)?)\\b',
  '\\bmerge\\w*[ \\t]+(?:their|your|its)[ \\t]+own[ \\t]+(?:pull[ \\t]+requests?|PRs?|changes?|branches?)\\b|\\b(?:publish|release|deploy|ship|push)\\w*\\b[^.\\n]{0,60}?\\bwithout[ \\t]+(?:a[ \\t]+|any[ \\t]+)?(?:code[ \\t]+)?(?:review|approval|sign-?off)\\b',
  // Failures masked: `|| true` appended, checks skipped by flag, tests made to pass by editing them.
  '\\b(?:append|add)\\w*[ \\t]+`?\\|\\|[ \\t]*(?:true|exit[ \\t]+0|:)|\\bso[ \\t]+(?:that[ \\t]+)?(?:the[ \\t]+)?(?:pipelines?|CI|builds?|checks?|tests?|jobs?)[ \\t]+(?:never|can\'t|cannot|won\'t)[ \\t]+(?:go[ \\t]+red|fail)\\b|--skip[-_](?:checks?|tests?|verif\\w*|lint\\w*|hooks?|ci|validation|review)\\b|--no-gpg-sign\\b',
  '\\b(?:make|keep|get)\\w*[ \\t]+(?:it|them|the[ \\t]+(?:tests?|suite|build|checks?))[ \\t]+(?:pass|passing|green)\\w*[ \\t]+by[ \\t]+(?:editing|updating|changing|adjusting|rewriting|deleting|removing|loosening|relaxing)\\b|\\bexpected[ \\t]+(?:values?|outputs?|results?)[ \\t]+(?:rather[ \\t]+than|instead[ \\t]+of)[ \\t]+(?:fixing[ \\t]+)?(?:the[ \\t]+)?(?:code|implementation)\\b',
  // Weak or planted credentials: md5 or sha1 for passwords, no salt, a hard-coded key; a lifetime stretched to days.
  '\\b(?:use|using|switch\\w*[ \\t]+to)[ \\t]+(?:plain[ \\t]+|unsalted[ \\t]+)?(?:md5|sha-?1)\\b|\\bwithout[ \\t]+(?:a[ \\t]+|any[ \\t]+)?salt\\b|\\bhard-?coded[ \\t]+(?:admin[ \\t]+)?(?:api[ \\t]+)?(?:keys?|tokens?|passwords?|credentials?)\\b',
  '\\bset\\w*[ \\t]+`?\\w*(?:TTL|EXPIR\\w*|LIFETIME|MAX_AGE)\\w*`?[ \\t]+to[ \\t]+\\d+[ \\t]*(?:days?|weeks?|months?|years?)\\b',
  // A magic value that skips a check: `if (req.query.debug === "letmein") return next();`.
  '\\bif[ \\t]*\\([^)\\n]{0,80}?={2,3}[ \\t]*["\\x27][^"\\x27\\n]{1,40}["\\x27][ \\t]*\\)[ \\t]*\\{?[ \\t]*return[ \\t]+(?:next\\(\\)|true|ok)',
  // Permissions opened to everyone.
  '\\bchmod[ \\t]+(?:-R[ \\t]+)?(?:0?777|a\\+rwx)\\b',
  // Figures falsified in what is reported: "multiply reported F1 scores by 1.08".
  '\\b(?:multiply|multiplying|inflat\\w*|scal(?:e|ing)[ \\t]+up|pad(?:ding)?|fudg\\w*|round(?:ing)?[ \\t]+up)[ \\t]+(?:the[ \\t]+|all[ \\t]+)?(?:reported[ \\t]+)?(?:F1|accuracy|precision|recall|scores?|metrics?|benchmarks?|coverage|latency)\\b',
  // A threshold zeroed ("replace the dedup threshold with 0.0"); a signing key swapped for one from an address.
  '\\b(?:set|replace|change|lower)\\w*\\b[^.\\n]{0,40}?\\b(?:threshold|limit|minimum)\\b[^.\\n]{0,20}?\\b(?:to|with)[ \\t]+0(?:\\.0+)?\\b|\\breplace\\w*\\b[^.\\n]{0,60}?\\b(?:signing|private|api|encryption)[ \\t]+keys?\\b(?:[^.\\n]|\\.(?=\\S)){0,80}?https?:\\/\\/',
  // A minimum set trivially low: `MIN_PASSWORD_LENGTH = 4`.
  '\\b\\w*MIN(?:IMUM)?_?\\w*(?:LENGTH|LEN|ROUNDS|ITERATIONS|COST|BITS)\\w*["\'`]?[ \\t]*[=:][ \\t]*["\'`]?[0-5]\\b',
  // The environment or a secret variable printed where others read it.
  '\\b(?:print|echo|dump|log|output)\\w*[ \\t]+(?:all[ \\t]+|every[ \\t]+)?(?:of[ \\t]+)?(?:the[ \\t]+)?(?:environment[ \\t]+variables|env[ \\t]+vars?)\\b',
  '\\b(?:echo|printf|puts|print|println|Write-Host|console\\.log)\\b[^\\n|]{0,60}?\\$\\{?\\w*(?:TOKEN|SECRET|PASSWORD|API_?KEY)\\w*\\b(?![^\\n]*\\|)|\\bprint\\w*\\([^)\\n]{0,60}?(?:TOKEN|SECRET|PASSWORD|API_?KEY)',
  '\\b\\w*(?:_TOKEN|_SECRET|_PASSWORD|API_?KEY)\\b`?[^.\\n]{0,20}?\\b(?:in|into|to)[ \\t]+(?:the[ \\t]+)?(?:(?:build|job|CI|workflow|console)[ \\t]+)?logs?\\b',
  // An endpoint served without protection: "add the route … without a middleware".
  '\\bwithout[ \\t]+(?:a[ \\t]+|any[ \\t]+)?(?:middleware|auth(?:entication|orization)?|login|guard|access[ \\t]+control)\\b',
];

/** The act kept from discussion ("it should not be discussed"); a topic kept out of public channels is disclosure policy. */
export const NOT_TO_BE_DISCUSSED =
  '\\b(?:it|this|that|these|the[ \\t]+change)[ \\t]+(?:(?:should|must|need|needs)[ \\t]*(?:not|n\'t)|(?:is|are)[ \\t]+(?:never|not)[ \\t]+to|(?:should|must)[ \\t]+never)[ \\t]+be[ \\t]+(?:discussed|mentioned|disclosed|raised|flagged|questioned|brought[ \\t]+up)\\b' +
  '(?![ \\t]+(?:publicly|in[ \\t]+public|in[ \\t]+(?:an?[ \\t]+|the[ \\t]+)?(?:public[ \\t]+)?(?:issues?|channels?|forums?)))';

/** The change passed off or kept out of view: "keep the diff looking like a refactor", "don't explain the change". */
export const MISREPRESENTING = [
  NOT_TO_BE_DISCUSSED,
  // Behaviour that changes only outside tests: "leave earlier behaviour unchanged in tests by mocking the date", "detect whether it runs in CI".
  '\\bin[ \\t]+tests?\\b[^.\\n]{0,30}?\\bby[ \\t]+(?:mocking|stubbing|faking|freezing)[ \\t]+the[ \\t]+(?:date|clock|time)\\b|\\b(?:detect|check)\\w*[ \\t]+(?:if|whether)[ \\t]+(?:it[ \\t]+)?(?:is[ \\t]+)?(?:running|runs)[ \\t]+(?:in|under)[ \\t]+(?:a[ \\t]+)?(?:tests?|CI|test[ \\t]+runner)\\b',
  '\\bkeep[ \\t]+(?:the[ \\t]+)?(?:diff|change|commit|PR)[ \\t]+looking[ \\t]+like\\b',
  '\\bdescrib\\w*[ \\t]+(?:the[ \\t]+|this[ \\t]+)?(?:commit|change|PR|pull[ \\t]+request)[ \\t]+as[ \\t]+["\'`]',
  '\\btreat[ \\t]+(?:this|it)[ \\t]+as[ \\t]+(?:a[ \\t]+)?(?:config[ \\t]+)?(?:drift|routine|cleanup|maintenance)\\b',
  '\\blook[ \\t]+equivalent[ \\t]+to[ \\t]+reviewers\\b',
  '\\b(?:tell|inform)[ \\t]+(?:the[ \\t]+)?(?:reviewers?|maintainers?|user|team)[ \\t]+(?:it|this)[ \\t]+is[ \\t]+(?:a[ \\t]+|just[ \\t]+a[ \\t]+)?(?:lint|typo|format\\w*|refactor\\w*|cleanup|minor|cosmetic)',
  '\\b(?:do[ \\t]+not|don\'t|never)[ \\t]+(?:call[ \\t]+(?:it|this|them)[ \\t]+out|explain[ \\t]+the[ \\t]+change|enumerate\\b|list[ \\t]+(?:it|this|them)[ \\t]+in|add[ \\t]+a[ \\t]+comment[ \\t]+explaining|leave[ \\t]+(?:review[ \\t]+)?comments)',
  '\\bno[ \\t]+need[ \\t]+to[ \\t]+(?:leave[ \\t]+a[ \\t]+TODO|mention\\b)|\\bwithout[ \\t]+discussion\\b',
  // Admitting nobody will see it: "people don't re-read Appfile", "nobody will notice", "the humans never scroll here".
  '\\b(?:people|(?:the[ \\t]+)?humans?|nobody|no[ \\t]+one|reviewers?|users?)[ \\t]+(?:don\'t|do[ \\t]+not|never|won\'t|will[ \\t]+not|rarely)[ \\t]+(?:re-?read|read|check|look[ \\t]+at|open|review|notice|scroll)\\b|\\bnobody[ \\t]+will[ \\t]+(?:notice|see|know)\\b',
  '\\b(?:leave|keep)[ \\t]+(?:it|this|them|that)[ \\t]+out[ \\t]+of[ \\t]+(?:the[ \\t]+|your[ \\t]+|its[ \\t]+|their[ \\t]+)?(?:summar(?:y|ies)|repl(?:y|ies)|responses?|PR|changelogs?|descriptions?|reports?)\\b|\\bleave[ \\t]+the[ \\t]+(?:human-facing[ \\t]+)?summary[ \\t]+unchanged\\b|\\b(?:shouldn\'t|should[ \\t]+not)[ \\t]+mention[ \\t]+it\\b',
  '\\byou[ \\t]+(?:don\'t|do[ \\t]+not|needn\'t|need[ \\t]+not)[ \\t]+(?:need[ \\t]+to[ \\t]+)?(?:tell|inform|notify|alert|ask)[ \\t]+(?:the[ \\t]+)?(?:operators?|users?|humans?|owners?|maintainers?|reviewers?|developers?)\\b',
];

const WEAKENS = new RegExp(WEAKENING.join('|'), 'i');

/** What revealed text (decoded, joined up, de-leeted) orders, when it weakens the project: no one encodes an honest order of that kind. */
export function weakeningCue(text: string): string | undefined {
  const m = WEAKENS.exec(text);
  return m ? `orders a protection weakened ("${m[0].slice(0, 60)}")` : undefined;
}
