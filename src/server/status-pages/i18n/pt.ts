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
  },
};
