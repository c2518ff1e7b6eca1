import type { Locale } from '#domain/i18n/locales.ts';
import type { TaskType } from '#domain/tasks/task-rules.ts';

export interface CatalogTask {
  type: TaskType;
  /** Whole XRP as a decimal string. */
  reward: string;
  requiredSeconds: number;
  targetUrl: string | null;
  content: TaskContent;
  enabled: boolean;
}

export interface SurveyQuestion {
  id: string;
  text: Record<string, string>;
  options: { id: string; text: Record<string, string> }[];
}

export interface TaskContent {
  /** Title and text per locale; English is the fallback. */
  text: Record<string, { title: string; text: string }>;
  questions?: SurveyQuestion[];
}

/** A task's title and text in every shipped locale; a missing locale is a compile error. */
const taskText = (byLocale: Record<Locale, { title: string; text: string }>) => byLocale;

/** A survey question or option in every shipped locale; a missing locale is a compile error. */
const localized = (byLocale: Record<Locale, string>) => byLocale;

/**
 * The demo catalog loaded on first start: ten tasks of 2 XRP, so the day's ten pay exactly the
 * 20 XRP cap. Targets are pages that need no account. The notification task (it completes only when
 * a test push reached the device and was acknowledged) is in the catalog but off: browsers without
 * push (in-app browsers, iOS outside the installed app) could never do it, and the daily interest
 * needs all of the day's tasks, so switching it on is the operator's informed choice
 * (`npm run ops -- tasks enable <id>` and `tasks sort <id> 0`).
 */
export function demoCatalog(requiredSeconds: number | null): CatalogTask[] {
  const seconds = (s: number) => requiredSeconds ?? s;
  return [
    {
      type: 'regular',
      reward: '2',
      requiredSeconds: seconds(20),
      targetUrl: null,
      enabled: true,
      content: {
        text: taskText({
          en: {
            title: 'How Earnest pays',
            text: 'Read how your earnings are credited: every amount you see is exactly what the ledger credits.',
          },
          'zh-CN': {
            title: 'Earnest 如何付款',
            text: '了解你的收益如何入账：你看到的每一笔金额，都与账本实际入账的金额完全一致。',
          },
          ar: {
            title: 'كيف يدفع Earnest',
            text: 'اقرأ كيف تُضاف أرباحك إلى رصيدك: كل مبلغ تراه هو بالضبط ما يُقيَّد في السجل.',
          },
          id: {
            title: 'Cara Earnest membayar',
            text: 'Baca bagaimana penghasilan Anda dikreditkan: setiap jumlah yang Anda lihat sama persis dengan yang dikreditkan di ledger.',
          },
          fr: {
            title: 'Comment Earnest vous paie',
            text: 'Découvrez comment vos gains sont crédités : chaque montant affiché correspond exactement à ce que le registre crédite.',
          },
          es: {
            title: 'Cómo paga Earnest',
            text: 'Lee cómo se acreditan tus ganancias: cada cantidad que ves es exactamente lo que se acredita en el registro.',
          },
          ru: {
            title: 'Как платит Earnest',
            text: 'Узнайте, как зачисляется ваш заработок: каждая сумма, которую вы видите, — ровно та, что зачислена в реестре.',
          },
          tr: {
            title: 'Earnest nasıl öder',
            text: 'Kazançlarınızın hesabınıza nasıl yatırıldığını okuyun: gördüğünüz her tutar, kayıt defterine geçen tutarın ta kendisidir.',
          },
          az: {
            title: 'Earnest necə ödəyir',
            text: 'Qazancınızın hesabınıza necə köçürüldüyünü oxuyun: gördüyünüz hər məbləğ reyestrə yazılan məbləğlə tam eynidir.',
          },
          uk: {
            title: 'Як платить Earnest',
            text: 'Дізнайтеся, як зараховується ваш заробіток: кожна сума, яку ви бачите, — саме та, що зарахована в реєстрі.',
          },
          pt: {
            title: 'Como o Earnest paga',
            text: 'Leia como seus ganhos são creditados: cada valor que você vê é exatamente o que o registro credita.',
          },
        }),
      },
    },
    {
      type: 'web',
      reward: '2',
      requiredSeconds: seconds(30),
      targetUrl: 'https://xrpl.org/docs/introduction/what-is-xrp',
      enabled: true,
      content: {
        text: taskText({
          en: {
            title: 'What is XRP?',
            text: 'Visit the XRP Ledger’s introduction to XRP and read it for the time shown.',
          },
          'zh-CN': {
            title: '什么是 XRP？',
            text: '打开 XRP Ledger 对 XRP 的介绍页面，并按显示的时长阅读。',
          },
          ar: {
            title: 'ما هي XRP؟',
            text: 'زُر صفحة التعريف بـ XRP على موقع XRP Ledger واقرأها طوال المدة المعروضة.',
          },
          id: {
            title: 'Apa itu XRP?',
            text: 'Kunjungi pengantar XRP dari XRP Ledger dan bacalah selama waktu yang ditampilkan.',
          },
          fr: {
            title: 'Qu’est-ce que le XRP ?',
            text: 'Consultez la présentation du XRP sur le site du XRP Ledger et lisez-la pendant la durée indiquée.',
          },
          es: {
            title: '¿Qué es XRP?',
            text: 'Visita la introducción a XRP del XRP Ledger y léela durante el tiempo indicado.',
          },
          ru: {
            title: 'Что такое XRP?',
            text: 'Откройте введение в XRP на сайте XRP Ledger и читайте его в течение указанного времени.',
          },
          tr: {
            title: 'XRP nedir?',
            text: 'XRP Ledger’ın XRP tanıtım sayfasını ziyaret edin ve gösterilen süre boyunca okuyun.',
          },
          az: {
            title: 'XRP nədir?',
            text: 'XRP Ledger saytında XRP ilə tanışlıq səhifəsinə keçin və göstərilən müddət ərzində oxuyun.',
          },
          uk: {
            title: 'Що таке XRP?',
            text: 'Відкрийте вступ до XRP на сайті XRP Ledger і читайте його протягом зазначеного часу.',
          },
          pt: {
            title: 'O que é XRP?',
            text: 'Acesse a introdução ao XRP do XRP Ledger e leia durante o tempo indicado.',
          },
        }),
      },
    },
    {
      type: 'video',
      reward: '2',
      requiredSeconds: seconds(30),
      targetUrl: 'https://xrpl.org/about/history',
      enabled: true,
      content: {
        text: taskText({
          en: {
            title: 'The history of the XRP Ledger',
            text: 'Watch and read the XRP Ledger’s history page.',
          },
          'zh-CN': { title: 'XRP Ledger 的历史', text: '观看并阅读 XRP Ledger 的历史页面。' },
          ar: { title: 'تاريخ XRP Ledger', text: 'شاهد واقرأ صفحة تاريخ XRP Ledger.' },
          id: { title: 'Sejarah XRP Ledger', text: 'Tonton dan baca halaman sejarah XRP Ledger.' },
          fr: {
            title: 'L’histoire du XRP Ledger',
            text: 'Regardez et lisez la page consacrée à l’histoire du XRP Ledger.',
          },
          es: {
            title: 'La historia del XRP Ledger',
            text: 'Mira y lee la página de historia del XRP Ledger.',
          },
          ru: {
            title: 'История XRP Ledger',
            text: 'Посмотрите и прочитайте страницу об истории XRP Ledger.',
          },
          tr: { title: 'XRP Ledger’ın tarihi', text: 'XRP Ledger’ın tarihçe sayfasını izleyin ve okuyun.' },
          az: { title: 'XRP Ledger-in tarixi', text: 'XRP Ledger-in tarixçə səhifəsinə baxın və oxuyun.' },
          uk: {
            title: 'Історія XRP Ledger',
            text: 'Перегляньте й прочитайте сторінку про історію XRP Ledger.',
          },
          pt: {
            title: 'A história do XRP Ledger',
            text: 'Assista e leia a página sobre a história do XRP Ledger.',
          },
        }),
      },
    },
    {
      type: 'survey',
      reward: '2',
      requiredSeconds: seconds(10),
      targetUrl: null,
      enabled: true,
      content: {
        text: taskText({
          en: {
            title: 'Tell us about you',
            text: 'Answer two short questions. Your answers help us choose tasks.',
          },
          'zh-CN': {
            title: '介绍一下你自己',
            text: '回答两个简短的问题。你的回答能帮助我们挑选任务。',
          },
          ar: {
            title: 'أخبرنا عنك',
            text: 'أجب عن سؤالين قصيرين. تساعدنا إجاباتك على اختيار المهام.',
          },
          id: {
            title: 'Ceritakan tentang Anda',
            text: 'Jawab dua pertanyaan singkat. Jawaban Anda membantu kami memilih tugas.',
          },
          fr: {
            title: 'Parlez-nous de vous',
            text: 'Répondez à deux questions courtes. Vos réponses nous aident à choisir les tâches.',
          },
          es: {
            title: 'Cuéntanos sobre ti',
            text: 'Responde dos preguntas breves. Tus respuestas nos ayudan a elegir las tareas.',
          },
          ru: {
            title: 'Расскажите о себе',
            text: 'Ответьте на два коротких вопроса. Ваши ответы помогают нам подбирать задания.',
          },
          tr: {
            title: 'Bize kendinizden bahsedin',
            text: 'İki kısa soruyu yanıtlayın. Yanıtlarınız görevleri seçmemize yardımcı olur.',
          },
          az: {
            title: 'Bizə özünüz haqqında danışın',
            text: 'İki qısa suala cavab verin. Cavablarınız tapşırıqları seçməyimizə kömək edir.',
          },
          uk: {
            title: 'Розкажіть про себе',
            text: 'Дайте відповідь на два короткі запитання. Ваші відповіді допомагають нам добирати завдання.',
          },
          pt: {
            title: 'Conte sobre você',
            text: 'Responda a duas perguntas rápidas. Suas respostas nos ajudam a escolher as tarefas.',
          },
        }),
        questions: [
          {
            id: 'device',
            text: localized({
              en: 'Which device do you use Earnest on?',
              'zh-CN': '你在哪种设备上使用 Earnest？',
              ar: 'على أي جهاز تستخدم Earnest؟',
              id: 'Di perangkat apa Anda menggunakan Earnest?',
              fr: 'Sur quel appareil utilisez-vous Earnest ?',
              es: '¿En qué dispositivo usas Earnest?',
              ru: 'На каком устройстве вы пользуетесь Earnest?',
              tr: 'Earnest’i hangi cihazda kullanıyorsunuz?',
              az: 'Earnest-dən hansı cihazda istifadə edirsiniz?',
              uk: 'На якому пристрої ви користуєтеся Earnest?',
              pt: 'Em qual dispositivo você usa o Earnest?',
            }),
            options: [
              {
                id: 'android',
                text: localized({
                  en: 'Android phone',
                  'zh-CN': '安卓手机',
                  ar: 'هاتف Android',
                  id: 'Ponsel Android',
                  fr: 'Téléphone Android',
                  es: 'Teléfono Android',
                  ru: 'Телефон на Android',
                  tr: 'Android telefon',
                  az: 'Android telefon',
                  uk: 'Телефон на Android',
                  pt: 'Celular Android',
                }),
              },
              {
                id: 'iphone',
                text: localized({
                  en: 'iPhone',
                  'zh-CN': 'iPhone',
                  ar: 'iPhone',
                  id: 'iPhone',
                  fr: 'iPhone',
                  es: 'iPhone',
                  ru: 'iPhone',
                  tr: 'iPhone',
                  az: 'iPhone',
                  uk: 'iPhone',
                  pt: 'iPhone',
                }),
              },
              {
                id: 'computer',
                text: localized({
                  en: 'Computer',
                  'zh-CN': '电脑',
                  ar: 'حاسوب',
                  id: 'Komputer',
                  fr: 'Ordinateur',
                  es: 'Computadora',
                  ru: 'Компьютер',
                  tr: 'Bilgisayar',
                  az: 'Kompüter',
                  uk: 'Комп’ютер',
                  pt: 'Computador',
                }),
              },
            ],
          },
          {
            id: 'time',
            text: localized({
              en: 'When do you usually do your tasks?',
              'zh-CN': '你通常在什么时候做任务？',
              ar: 'متى تؤدي مهامك عادةً؟',
              id: 'Kapan biasanya Anda mengerjakan tugas?',
              fr: 'Quand faites-vous habituellement vos tâches ?',
              es: '¿Cuándo sueles hacer tus tareas?',
              ru: 'Когда вы обычно выполняете задания?',
              tr: 'Görevlerinizi genellikle ne zaman yaparsınız?',
              az: 'Tapşırıqları adətən nə vaxt yerinə yetirirsiniz?',
              uk: 'Коли ви зазвичай виконуєте завдання?',
              pt: 'Quando você costuma fazer suas tarefas?',
            }),
            options: [
              {
                id: 'morning',
                text: localized({
                  en: 'Morning',
                  'zh-CN': '上午',
                  ar: 'صباحًا',
                  id: 'Pagi',
                  fr: 'Le matin',
                  es: 'Por la mañana',
                  ru: 'Утром',
                  tr: 'Sabah',
                  az: 'Səhər',
                  uk: 'Уранці',
                  pt: 'De manhã',
                }),
              },
              {
                id: 'afternoon',
                text: localized({
                  en: 'Afternoon',
                  'zh-CN': '下午',
                  ar: 'بعد الظهر',
                  id: 'Siang',
                  fr: 'L’après-midi',
                  es: 'Por la tarde',
                  ru: 'Днём',
                  tr: 'Öğleden sonra',
                  az: 'Günortadan sonra',
                  uk: 'Удень',
                  pt: 'À tarde',
                }),
              },
              {
                id: 'evening',
                text: localized({
                  en: 'Evening',
                  'zh-CN': '晚上',
                  ar: 'مساءً',
                  id: 'Malam',
                  fr: 'Le soir',
                  es: 'Por la noche',
                  ru: 'Вечером',
                  tr: 'Akşam',
                  az: 'Axşam',
                  uk: 'Увечері',
                  pt: 'À noite',
                }),
              },
            ],
          },
        ],
      },
    },
    {
      type: 'download',
      reward: '2',
      requiredSeconds: seconds(30),
      targetUrl: 'https://xrpl.org/docs/introduction/crypto-wallets',
      enabled: true,
      content: {
        text: taskText({
          en: {
            title: 'Choose a wallet app',
            text: 'Open the guide to XRP wallet apps and look at one you could use.',
          },
          'zh-CN': {
            title: '选择一款钱包应用',
            text: '打开 XRP 钱包应用指南，看看其中一款你可以使用的应用。',
          },
          ar: {
            title: 'اختر تطبيق محفظة',
            text: 'افتح دليل تطبيقات محافظ XRP وألقِ نظرة على تطبيق يمكنك استخدامه.',
          },
          id: {
            title: 'Pilih aplikasi dompet',
            text: 'Buka panduan aplikasi dompet XRP dan lihat salah satu yang bisa Anda gunakan.',
          },
          fr: {
            title: 'Choisissez une application de portefeuille',
            text: 'Ouvrez le guide des applications de portefeuille XRP et découvrez-en une que vous pourriez utiliser.',
          },
          es: {
            title: 'Elige una app de billetera',
            text: 'Abre la guía de apps de billetera para XRP y echa un vistazo a una que podrías usar.',
          },
          ru: {
            title: 'Выберите приложение-кошелёк',
            text: 'Откройте обзор приложений-кошельков для XRP и присмотритесь к одному, которым вы могли бы пользоваться.',
          },
          tr: {
            title: 'Bir cüzdan uygulaması seçin',
            text: 'XRP cüzdan uygulamaları rehberini açın ve kullanabileceğiniz birine göz atın.',
          },
          az: {
            title: 'Pulqabı tətbiqi seçin',
            text: 'XRP pulqabı tətbiqləri üzrə bələdçini açın və istifadə edə biləcəyiniz birinə nəzər salın.',
          },
          uk: {
            title: 'Оберіть застосунок-гаманець',
            text: 'Відкрийте огляд застосунків-гаманців для XRP і придивіться до одного, яким ви могли б користуватися.',
          },
          pt: {
            title: 'Escolha um app de carteira',
            text: 'Abra o guia de apps de carteira para XRP e conheça um que você poderia usar.',
          },
        }),
      },
    },
    {
      type: 'regular',
      reward: '2',
      requiredSeconds: seconds(20),
      targetUrl: null,
      enabled: true,
      content: {
        text: taskText({
          en: {
            title: 'Stay safe from task scams',
            text: 'Earnest never asks you for money. Read the signs of a scam: deposits to unlock earnings, fees to withdraw, codes typed into other apps.',
          },
          'zh-CN': {
            title: '谨防任务诈骗',
            text: 'Earnest 从不向你要钱。了解诈骗的迹象：要求充值才能解锁收益、提现前要先交手续费、让你把验证码输入其他应用。',
          },
          ar: {
            title: 'احمِ نفسك من احتيال المهام',
            text: 'لا يطلب Earnest منك المال أبدًا. تعرّف على علامات الاحتيال: إيداعات لفتح الأرباح، ورسوم مقابل السحب، ورموز يُطلب منك إدخالها في تطبيقات أخرى.',
          },
          id: {
            title: 'Waspadai penipuan berkedok tugas',
            text: 'Earnest tidak pernah meminta uang dari Anda. Kenali tanda-tanda penipuan: deposit untuk membuka penghasilan, biaya untuk menarik dana, kode yang diminta untuk diketik di aplikasi lain.',
          },
          fr: {
            title: 'Protégez-vous des arnaques aux tâches',
            text: 'Earnest ne vous demande jamais d’argent. Apprenez à reconnaître une arnaque : des dépôts pour débloquer vos gains, des frais pour retirer, des codes à saisir dans d’autres applications.',
          },
          es: {
            title: 'Protégete de las estafas con tareas',
            text: 'Earnest nunca te pide dinero. Conoce las señales de una estafa: depósitos para desbloquear ganancias, comisiones para retirar, códigos que te piden escribir en otras apps.',
          },
          ru: {
            title: 'Остерегайтесь мошенничества с заданиями',
            text: 'Earnest никогда не просит у вас денег. Узнайте признаки мошенничества: депозиты для разблокировки заработка, комиссии за вывод, коды, которые просят ввести в других приложениях.',
          },
          tr: {
            title: 'Görev dolandırıcılığına karşı dikkatli olun',
            text: 'Earnest sizden asla para istemez. Dolandırıcılığın işaretlerini öğrenin: kazançların kilidini açmak için istenen yatırımlar, para çekmek için istenen ücretler, başka uygulamalara girmeniz istenen kodlar.',
          },
          az: {
            title: 'Tapşırıq fırıldaqlarından qorunun',
            text: 'Earnest sizdən heç vaxt pul istəmir. Fırıldağın əlamətlərini öyrənin: qazancı açmaq üçün depozit, pul çıxarmaq üçün komissiya, başqa tətbiqlərə daxil etməyiniz istənən kodlar.',
          },
          uk: {
            title: 'Остерігайтеся шахрайства із завданнями',
            text: 'Earnest ніколи не просить у вас грошей. Дізнайтеся ознаки шахрайства: депозити для розблокування заробітку, комісії за виведення, коди, які просять ввести в інших застосунках.',
          },
          pt: {
            title: 'Proteja-se de golpes com tarefas',
            text: 'O Earnest nunca pede dinheiro a você. Conheça os sinais de um golpe: depósitos para liberar ganhos, taxas para sacar, códigos que pedem para você digitar em outros apps.',
          },
        }),
      },
    },
    {
      type: 'web',
      reward: '2',
      requiredSeconds: seconds(30),
      targetUrl: 'https://xrpl.org/docs/concepts/transactions/finality-of-results',
      enabled: true,
      content: {
        text: taskText({
          en: {
            title: 'When is a payment final?',
            text: 'Read how the XRP Ledger makes a payment final, as Earnest waits for.',
          },
          'zh-CN': {
            title: '付款何时最终确认？',
            text: '了解 XRP Ledger 如何让一笔付款最终确认——Earnest 等待的正是这一刻。',
          },
          ar: {
            title: 'متى يصبح الدفع نهائيًا؟',
            text: 'اقرأ كيف يجعل XRP Ledger الدفع نهائيًا، وهي اللحظة التي ينتظرها Earnest.',
          },
          id: {
            title: 'Kapan pembayaran menjadi final?',
            text: 'Baca bagaimana XRP Ledger membuat pembayaran menjadi final, saat yang ditunggu oleh Earnest.',
          },
          fr: {
            title: 'Quand un paiement est-il définitif ?',
            text: 'Découvrez comment le XRP Ledger rend un paiement définitif, le moment qu’attend Earnest.',
          },
          es: {
            title: '¿Cuándo es definitivo un pago?',
            text: 'Lee cómo el XRP Ledger hace definitivo un pago, el momento que Earnest espera.',
          },
          ru: {
            title: 'Когда платёж становится окончательным?',
            text: 'Узнайте, как XRP Ledger делает платёж окончательным, — именно этого момента ждёт Earnest.',
          },
          tr: {
            title: 'Bir ödeme ne zaman kesinleşir?',
            text: 'XRP Ledger’ın bir ödemeyi nasıl kesinleştirdiğini okuyun; Earnest de tam bu anı bekler.',
          },
          az: {
            title: 'Ödəniş nə vaxt yekunlaşır?',
            text: 'XRP Ledger-in ödənişi necə yekunlaşdırdığını oxuyun — Earnest məhz bu anı gözləyir.',
          },
          uk: {
            title: 'Коли платіж стає остаточним?',
            text: 'Дізнайтеся, як XRP Ledger робить платіж остаточним, — саме цього моменту чекає Earnest.',
          },
          pt: {
            title: 'Quando um pagamento é definitivo?',
            text: 'Leia como o XRP Ledger torna um pagamento definitivo, o momento que o Earnest aguarda.',
          },
        }),
      },
    },
    {
      type: 'video',
      reward: '2',
      requiredSeconds: seconds(30),
      targetUrl: 'https://xrpl.org/docs/concepts/accounts',
      enabled: true,
      content: {
        text: taskText({
          en: { title: 'Accounts on the XRP Ledger', text: 'Watch and read how XRP Ledger accounts work.' },
          'zh-CN': { title: 'XRP Ledger 上的账户', text: '观看并阅读 XRP Ledger 账户是如何运作的。' },
          ar: { title: 'الحسابات على XRP Ledger', text: 'شاهد واقرأ كيف تعمل الحسابات على XRP Ledger.' },
          id: { title: 'Akun di XRP Ledger', text: 'Tonton dan baca cara kerja akun di XRP Ledger.' },
          fr: {
            title: 'Les comptes sur le XRP Ledger',
            text: 'Regardez et lisez comment fonctionnent les comptes du XRP Ledger.',
          },
          es: {
            title: 'Las cuentas en el XRP Ledger',
            text: 'Mira y lee cómo funcionan las cuentas del XRP Ledger.',
          },
          ru: {
            title: 'Аккаунты в XRP Ledger',
            text: 'Посмотрите и прочитайте, как устроены аккаунты в XRP Ledger.',
          },
          tr: {
            title: 'XRP Ledger’daki hesaplar',
            text: 'XRP Ledger hesaplarının nasıl çalıştığını izleyin ve okuyun.',
          },
          az: {
            title: 'XRP Ledger-də hesablar',
            text: 'XRP Ledger hesablarının necə işlədiyinə baxın və oxuyun.',
          },
          uk: {
            title: 'Облікові записи в XRP Ledger',
            text: 'Перегляньте й прочитайте, як працюють облікові записи в XRP Ledger.',
          },
          pt: {
            title: 'Contas no XRP Ledger',
            text: 'Assista e leia como funcionam as contas no XRP Ledger.',
          },
        }),
      },
    },
    {
      type: 'survey',
      reward: '2',
      requiredSeconds: seconds(10),
      targetUrl: null,
      enabled: true,
      content: {
        text: taskText({
          en: { title: 'Your exchange', text: 'One question about where you will withdraw.' },
          'zh-CN': { title: '你的交易所', text: '一个问题：你打算提现到哪里。' },
          ar: { title: 'منصة التداول الخاصة بك', text: 'سؤال واحد عن المكان الذي ستسحب إليه أرباحك.' },
          id: { title: 'Exchange Anda', text: 'Satu pertanyaan tentang ke mana Anda akan menarik dana.' },
          fr: {
            title: 'Votre plateforme d’échange',
            text: 'Une question sur l’endroit où vous retirerez vos gains.',
          },
          es: { title: 'Tu exchange', text: 'Una pregunta sobre adónde retirarás tus ganancias.' },
          ru: { title: 'Ваша биржа', text: 'Один вопрос о том, куда вы будете выводить средства.' },
          tr: { title: 'Borsanız', text: 'Paranızı nereye çekeceğinizle ilgili tek bir soru.' },
          az: { title: 'Birjanız', text: 'Pulu hara çıxaracağınızla bağlı bir sual.' },
          uk: { title: 'Ваша біржа', text: 'Одне запитання про те, куди ви виводитимете кошти.' },
          pt: { title: 'Sua corretora', text: 'Uma pergunta sobre para onde você vai sacar.' },
        }),
        questions: [
          {
            id: 'exchange',
            text: localized({
              en: 'Do you already have an account at an exchange?',
              'zh-CN': '你已经有交易所账户了吗？',
              ar: 'هل لديك حساب على منصة تداول بالفعل؟',
              id: 'Apakah Anda sudah punya akun di exchange?',
              fr: 'Avez-vous déjà un compte sur une plateforme d’échange ?',
              es: '¿Ya tienes una cuenta en un exchange?',
              ru: 'У вас уже есть аккаунт на бирже?',
              tr: 'Bir borsada zaten hesabınız var mı?',
              az: 'Artıq hansısa birjada hesabınız var?',
              uk: 'У вас уже є обліковий запис на біржі?',
              pt: 'Você já tem conta em uma corretora?',
            }),
            options: [
              {
                id: 'yes',
                text: localized({
                  en: 'Yes',
                  'zh-CN': '有',
                  ar: 'نعم',
                  id: 'Ya',
                  fr: 'Oui',
                  es: 'Sí',
                  ru: 'Да',
                  tr: 'Evet',
                  az: 'Bəli',
                  uk: 'Так',
                  pt: 'Sim',
                }),
              },
              {
                id: 'no',
                text: localized({
                  en: 'Not yet',
                  'zh-CN': '还没有',
                  ar: 'ليس بعد',
                  id: 'Belum',
                  fr: 'Pas encore',
                  es: 'Todavía no',
                  ru: 'Пока нет',
                  tr: 'Henüz yok',
                  az: 'Hələ yox',
                  uk: 'Поки що ні',
                  pt: 'Ainda não',
                }),
              },
            ],
          },
        ],
      },
    },
    {
      type: 'download',
      reward: '2',
      requiredSeconds: seconds(30),
      targetUrl: 'https://xrpl.org/docs/concepts/transactions/destination-tags',
      enabled: true,
      content: {
        text: taskText({
          en: {
            title: 'Destination tags',
            text: 'Read why exchanges need a destination tag with every XRP deposit.',
          },
          'zh-CN': {
            title: '目标标签',
            text: '了解为什么交易所要求每笔 XRP 充值都附带目标标签（Destination Tag）。',
          },
          ar: {
            title: 'وسوم الوجهة',
            text: 'اقرأ لماذا تطلب منصات التداول وسم وجهة (Destination Tag) مع كل إيداع XRP.',
          },
          id: {
            title: 'Tag tujuan',
            text: 'Baca mengapa exchange memerlukan tag tujuan (destination tag) untuk setiap deposit XRP.',
          },
          fr: {
            title: 'Les tags de destination',
            text: 'Découvrez pourquoi les plateformes d’échange exigent un tag de destination pour chaque dépôt de XRP.',
          },
          es: {
            title: 'Etiquetas de destino',
            text: 'Lee por qué los exchanges piden una etiqueta de destino (destination tag) con cada depósito de XRP.',
          },
          ru: {
            title: 'Теги назначения',
            text: 'Узнайте, почему биржи требуют тег назначения (Destination Tag) для каждого пополнения в XRP.',
          },
          tr: {
            title: 'Hedef etiketleri',
            text: 'Borsaların neden her XRP yatırma işleminde bir hedef etiketi (destination tag) istediğini okuyun.',
          },
          az: {
            title: 'Təyinat teqləri',
            text: 'Birjaların niyə hər XRP depoziti üçün təyinat teqi (destination tag) tələb etdiyini oxuyun.',
          },
          uk: {
            title: 'Теги призначення',
            text: 'Дізнайтеся, чому біржі вимагають тег призначення (Destination Tag) для кожного поповнення в XRP.',
          },
          pt: {
            title: 'Tags de destino',
            text: 'Leia por que as corretoras exigem uma tag de destino (destination tag) em cada depósito de XRP.',
          },
        }),
      },
    },
    {
      type: 'notification',
      reward: '2',
      requiredSeconds: seconds(5),
      targetUrl: null,
      enabled: false,
      content: {
        text: taskText({
          en: { title: 'Turn on notifications', text: 'Allow Earnest to tell you when a payout is final.' },
          'zh-CN': { title: '开启通知', text: '允许 Earnest 在付款最终确认时通知你。' },
          ar: { title: 'فعّل الإشعارات', text: 'اسمح لـ Earnest بإعلامك عندما تصبح الدفعة نهائية.' },
          id: {
            title: 'Aktifkan notifikasi',
            text: 'Izinkan Earnest memberi tahu Anda saat pembayaran sudah final.',
          },
          fr: {
            title: 'Activez les notifications',
            text: 'Autorisez Earnest à vous prévenir lorsqu’un paiement est définitif.',
          },
          es: {
            title: 'Activa las notificaciones',
            text: 'Permite que Earnest te avise cuando un pago sea definitivo.',
          },
          ru: {
            title: 'Включите уведомления',
            text: 'Разрешите Earnest сообщать вам, когда выплата окончательно проведена.',
          },
          tr: {
            title: 'Bildirimleri açın',
            text: 'Bir ödeme kesinleştiğinde Earnest’in size haber vermesine izin verin.',
          },
          az: {
            title: 'Bildirişləri aktiv edin',
            text: 'Ödəniş yekunlaşdıqda Earnest-in sizə xəbər verməsinə icazə verin.',
          },
          uk: {
            title: 'Увімкніть сповіщення',
            text: 'Дозвольте Earnest повідомляти вас, коли виплату остаточно проведено.',
          },
          pt: {
            title: 'Ative as notificações',
            text: 'Permita que o Earnest avise você quando um pagamento for definitivo.',
          },
        }),
      },
    },
  ];
}
