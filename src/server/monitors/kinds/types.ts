// The seam every monitor kind plugs into: how its fields are stored, answered and vetted, and how
// a stored monitor becomes a check and a check's result becomes a stored outcome. The check job,
// the monitor service and the API know kinds only through this interface.
import type { MonitorCommon, MonitorInputOf, MonitorKind, MonitorOf } from '../../../core/api/monitors.ts';
import type { CheckContext, CheckResult } from '../../checks/types.ts';
import type { MonitorTable } from '../../platform/db/schema.ts';
import type { CheckOutcome } from '../../results/finished-check.ts';
import type { TargetVetter } from '../vet-url.ts';

/** The answer fields a kind adds to the common ones (id, name, status…). */
export type KindAnswer<K extends MonitorKind> = Omit<MonitorOf<K>, keyof MonitorCommon>;

/** What an answer may depend on beyond the row: the public address and the time. */
export interface AnswerView {
  publicUrl: string;
  now: number;
}

export interface MonitorKindDefinition<
  K extends MonitorKind,
  Config = unknown,
  Result extends CheckResult = CheckResult,
> {
  readonly kind: K;
  /**
   * The kind's validated fields as columns: `url` (the target as a URL) and `config` or its own.
   * `current` is the stored row on an update, absent on create.
   */
  columns(input: MonitorInputOf<K>, current?: MonitorTable): Partial<MonitorTable>;
  /** The row's kind fields as the API answers them. */
  answer(row: MonitorTable, view: AnswerView): KindAnswer<K>;
  /** What the monitor watches, for people: a URL, host:port, a name and record type. */
  target(row: MonitorTable): string;
  /**
   * The https:// URL whose host and port present the certificate the SSL slice checks, or null when
   * the target speaks no TLS. Such a row's `url` starts with https: or tls:// (ssl/claim.ts).
   */
  certificateUrl(row: MonitorTable): string | null;
  /** The host whose registrable domain is watched for expiry, if the kind has one. */
  watchedHost(input: MonitorInputOf<K>): string | null;
  /** Save-time SSRF refusal of the kind's targets; throws ApiError 422 private_target. */
  vet(input: MonitorInputOf<K>, vet: TargetVetter): Promise<void>;
  /**
   * How often the kind's own fields make the monitor due (a heartbeat's period or the shortest gap
   * of its cron), checked against the plan's minimum interval. Absent: the interval fields decide.
   */
  everySeconds?(input: MonitorInputOf<K>, now: number): number;
  /**
   * Set for kinds whose results are pushed to Upwatch (heartbeats): the monitor is due when this
   * says (a deadline the pushes move), not on interval slots, and it has no 'check now'. Called on
   * create, update and resume, and after every result with the row the result was judged on.
   */
  nextRunAt?(row: MonitorTable, now: number): number;
  /**
   * Whether a failure is re-checked after the confirmation delay before the monitor turns down
   * (default true). A heartbeat's failure is already a fact, not a blip: it turns down at once.
   */
  readonly confirmFailures?: boolean;
  /**
   * Set when a result carries no response time (a heartbeat's runs are reported, not fetched):
   * status pages draw no response-time line for it rather than a flat 0 ms.
   */
  readonly untimed?: true;
  /** The check: the row's settings for the runner, the run, and its result as stored. */
  check: {
    config(row: MonitorTable): Config;
    run(config: Config, ctx: CheckContext): Promise<Result>;
    outcome(row: MonitorTable, result: Result): CheckOutcome;
  };
}
