// A real DNS server on 127.0.0.1 (dns2 over UDP) answering from a zone table, for DNS check
// tests: records by name and type, names it refuses (SERVFAIL), and names it never answers.
import dns2 from 'dns2';

/** RFC 1035's response codes: dns2 3.0 (the last on Node 20) has no typed table of them. */
const RCODE = { SERVFAIL: 2, NXDOMAIN: 3 } as const;

const { Packet } = dns2;

export type ZoneRecord = Record<string, unknown>;
export interface Zone {
  /** "name TYPE" → the records dns2 encodes (address, domain, exchange/priority, data…). */
  records: Record<string, ZoneRecord[]>;
  /** Names answered with SERVFAIL. */
  failing?: string[];
  /** Names never answered (the query times out). */
  silent?: string[];
}

export interface TestDnsServer {
  address: string;
  port: number;
  /** Queries seen, as "name TYPE". */
  queries: string[];
  /** The address each query came from. */
  sources: string[];
  zone: Zone;
  close(): Promise<void>;
}

const TYPE_NAMES = Object.fromEntries(Object.entries(Packet.TYPE).map(([name, code]) => [code, name]));

export async function startDnsServer(zone: Zone): Promise<TestDnsServer> {
  const queries: string[] = [];
  const sources: string[] = [];
  const state = { zone };
  const server = dns2.createServer({
    udp: true,
    handle(request, send, rinfo) {
      // UDP: dns2 hands over the datagram's remote info.
      sources.push((rinfo as { address?: string }).address ?? '');
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      if (!question) return send(response);
      const name = question.name.toLowerCase();
      const type = TYPE_NAMES[question.type] ?? String(question.type);
      queries.push(`${name} ${type}`);
      if (state.zone.silent?.includes(name)) return;
      if (state.zone.failing?.includes(name)) {
        response.header.rcode = RCODE.SERVFAIL;
        return send(response);
      }
      const records = state.zone.records[`${name} ${type}`];
      if (!records && !Object.keys(state.zone.records).some((key) => key.startsWith(`${name} `))) {
        response.header.rcode = RCODE.NXDOMAIN;
      }
      for (const record of records ?? []) {
        // dns2's typings want a class instance; its encoder reads plain fields.
        response.answers.push({
          name,
          type: question.type,
          class: Packet.CLASS.IN,
          ttl: 60,
          ...record,
        } as never);
      }
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = server.addresses().udp?.port ?? 0;
  return {
    address: '127.0.0.1',
    port,
    queries,
    sources,
    get zone() {
      return state.zone;
    },
    set zone(next: Zone) {
      state.zone = next;
    },
    close: () => server.close(),
  };
}
