import type { StatusPageMessages } from './messages.ts';

const minutes = (count: number, text: string) => `${text} ${count === 1 ? 'minuto' : 'minutos'}`;

export const pt: StatusPageMessages = {
  documentTitle: (page) => `Status de ${page}`,
  feedTitle: (page) => `Incidentes de ${page}`,
  logoAlt: (page) => `Logotipo de ${page}`,
  states: {
    operational: 'Todos os sistemas operacionais',
    under_maintenance: 'Em manutenção',
    degraded: 'Desempenho degradado',
    partial_outage: 'Interrupção parcial',
    major_outage: 'Interrupção grave',
  },
  sectionStates: {
    operational: 'Operacional',
    under_maintenance: 'Em manutenção',
    degraded: 'Desempenho degradado',
    partial_outage: 'Interrupção parcial',
    major_outage: 'Interrupção grave',
  },
  updatedAt: (time) => `Atualizado em ${time}`,
  activeIncidents: 'Incidentes ativos',
  maintenance: 'Manutenção programada',
  monitors: 'Serviços',
  pastIncidents: 'Incidentes anteriores',
  noPastIncidents: 'Nenhum incidente nos últimos 14 dias.',
  poweredBy: 'Desenvolvido com',
  skipToContent: 'Ir para o conteúdo',
  atomFeed: 'Feed Atom',
  subscribe: {
    heading: 'Receber atualizações',
    intro:
      'Receba um e-mail quando um incidente começar, for atualizado ou resolvido, e quando uma manutenção for agendada ou começar.',
    emailLabel: 'Endereço de e-mail',
    button: 'Inscrever-se',
    webhookSummary: 'Ou usar um webhook',
    webhookLabel: 'URL do webhook (recebe um POST JSON assinado por evento)',
    monitorsLink: 'Apenas alguns monitores? Escolha aqui.',
  },
  subscription: {
    optionsTitle: (page) => `Receber atualizações de ${page}`,
    webhookLabel: 'Ou uma URL de webhook (recebe um POST JSON assinado por evento)',
    monitorsLegend: 'Apenas estes monitores',
    monitorsHint: 'Deixe todos desmarcados para ser avisado sobre todos os monitores desta página.',
    back: 'Voltar à página de status',
    sentTitle: 'Verifique sua caixa de entrada',
    sentEmail: (address) =>
      `Enviamos um link de confirmação para ${address}. Nada mais é enviado até você abri-lo; o link vale por sete dias.`,
    webhookSentTitle: 'Confirme seu webhook',
    webhookSent: (address) =>
      `Enviamos um evento subscription.confirm assinado para ${address}. Abra a confirmUrl dele para começar a receber eventos; o link vale por sete dias.`,
    webhookSecret:
      'Verifique o X-Upwatch-Signature de cada evento (HMAC-SHA256 do carimbo de data/hora, um ponto e o corpo) com este segredo. Ele é mostrado só uma vez:',
    confirmedTitle: 'Inscrição confirmada',
    confirmed: (page) =>
      `Você receberá atualizações sobre ${page}. Toda mensagem traz um link para cancelar a inscrição.`,
    unsubscribeTitle: (page) => `Cancelar a inscrição em ${page}?`,
    unsubscribe: (page) => `Você não receberá mais atualizações sobre ${page}.`,
    unsubscribeButton: 'Cancelar inscrição',
    unsubscribedTitle: 'Inscrição cancelada',
    unsubscribed: (page) => `Você não receberá mais atualizações sobre ${page}.`,
    invalidLinkTitle: 'Link inválido',
    invalidLink: 'Este link não é válido: foi alterado ou cortado. Nada foi alterado.',
    expiredTitle: 'Este link expirou',
    expired: 'Links de confirmação valem por sete dias. Inscreva-se novamente na página de status.',
    notAcceptedTitle: 'Inscrição não aceita',
    notAccepted: {
      missingAddress: 'Informe um endereço de e-mail ou uma URL de webhook.',
      bothAddresses: 'Informe um endereço de e-mail ou uma URL de webhook, não os dois.',
      invalidEmail: 'Informe um endereço de e-mail válido, como you@example.com.',
      invalidWebhook: 'Informe uma URL de webhook que comece com https:// ou http://.',
      privateWebhook:
        'Esta URL de webhook aponta para um endereço de rede privada ou local, para onde o Upwatch não envia.',
      unknownMonitor: 'Escolha apenas monitores exibidos nesta página de status.',
    },
    limitTitle: 'Esta página está lotada',
    limit: (limit) =>
      `Esta página de status atingiu o limite de ${limit} inscritos. O proprietário pode aumentá-lo com um plano superior.`,
    rateTitle: 'Inscrições demais',
    rate: (count, text) =>
      `Inscrições demais a partir do seu endereço ou para esta página. Tente novamente em ${minutes(count, text)}.`,
  },
  subscriberMail: {
    confirmSubject: (page) => `Confirme sua inscrição em ${page}`,
    confirmIntro: (page) =>
      `Alguém, esperamos que você, pediu atualizações sobre ${page} neste endereço. Confirme para começar a recebê-las. Se não foi você, ignore este e-mail: nada mais será enviado.`,
    confirmButton: 'Confirmar inscrição',
    headings: {
      'incident.opened': (title) => `Incidente: ${title}`,
      'incident.updated': (title) => `Atualização: ${title}`,
      'incident.resolved': (title) => `Resolvido: ${title}`,
      'maintenance.scheduled': (title) => `Manutenção programada: ${title}`,
      'maintenance.started': (title) => `Manutenção iniciada: ${title}`,
    },
    monitorDown: (monitor) => `${monitor} está fora do ar`,
    subject: (page, heading) => `[${page}] ${heading}`,
    status: 'Status',
    started: 'Início',
    resolved: 'Resolvido',
    from: 'De',
    until: 'Até',
    affects: 'Afeta',
    viewPage: 'Ver a página de status',
    unsubscribe: (page) => `Cancelar inscrição em ${page}`,
  },

  barsLegend:
    'Cada barra é um dia (UTC), de 90 dias atrás até hoje, com sua disponibilidade e, quando houve, os minutos fora do ar e os incidentes. Uma data sozinha significa 100% de disponibilidade: sem queda e sem incidentes.',
  dayLabel: (date, details) => `${date}: ${details}`,
  noData: 'sem dados',
  minutesDown: (count, text) => `${minutes(count, text)} fora do ar`,
  incidentCount: (count, text) => `${text} ${count === 1 ? 'incidente' : 'incidentes'}`,
  maintenanceLeftOut: (count, text) => `${minutes(count, text)} de manutenção não contados`,
  dailyUptimeOf: (monitor) => `Disponibilidade diária de ${monitor}, últimos 90 dias`,
  ninetyDaysAgo: '90 dias atrás',
  today: 'Hoje',
  uptime: (percent) => `${percent} de disponibilidade`,
  uptimeNoData: 'Sem dados',
  responseTimes: (average, highest) =>
    `Tempo de resposta, últimas 24 horas: média de ${average} ms, máximo de ${highest} ms`,
  monitorStatus: {
    up: 'Operacional',
    degraded: 'Desempenho degradado',
    down: 'Fora do ar',
    paused: 'Pausado',
    pending: 'Ainda sem dados',
    stale: 'Sem verificações recentes',
  },
  underMaintenance: 'Em manutenção',

  maintenanceStates: { upcoming: 'Programada', in_progress: 'Em andamento', completed: 'Concluída' },
  affects: (monitors) => `Afeta ${monitors}`,
  incidentStatus: {
    investigating: 'Investigando',
    identified: 'Identificado',
    monitoring: 'Monitorando',
    resolved: 'Resolvido',
  },
  started: (time) => `Início em ${time}`,
  startedResolved: (started, resolved) => `Início em ${started} · resolvido em ${resolved}`,

  notAvailableTitle: 'Página indisponível',
  notAvailable: 'Página indisponível: esta página de status não está disponível ou pode ter sido movida.',

  headerLinks: 'Links',
  viewStatusPage: 'Ver página de status',
  widgetTitle: (page, state) => `${page}: ${state}`,

  passwordIntro: 'Esta página de status é protegida. Digite a senha dela para vê-la.',
  passwordLabel: 'Senha',
  wrongPassword: 'Essa senha não está correta. Tente novamente.',
  tooManyAttempts: 'Tentativas demais a partir do seu endereço. Aguarde alguns minutos e tente novamente.',
  membersIntro: 'Esta página de status é restrita aos membros do espaço de trabalho a que pertence.',
  signIn: 'Entrar no Upwatch',
  notAMember: 'Sua conta não é membro do espaço de trabalho ao qual esta página de status pertence.',
  twoFactorRequired:
    'O espaço de trabalho desta página exige login em duas etapas: ative-o no Upwatch para vê-la.',

  feedResolved: (incident) => `Resolvido: ${incident}`,
  feedUpdate: (incident, status) => `${incident}: ${status}`,
  feedStarted: (time) => `Início em ${time}.`,
  feedStartedResolved: (started, resolved) => `Início em ${started}, resolvido em ${resolved}.`,

  badgeStatus: 'status',
  badgeUptime: (period) => `disponibilidade ${period}`,
  badgeNoData: 'sem dados',
  badgeStates: {
    up: 'no ar',
    degraded: 'degradado',
    down: 'fora do ar',
    paused: 'pausado',
    pending: 'pendente',
    stale: 'desatualizado',
  },
};
