/**
 * The node's requests by type, read from its Prometheus text (/nacos/actuator/prometheus) twice
 * and compared: rates are the counters' growth over the time between the two reads.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parsePrometheus(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') {
      continue;
    }
    const match = LINE.exec(line);
    if (!match) {
      continue;
    }
    const labels: Record<string, string> = {};
    for (const label of (match[2] ?? '').matchAll(LABEL)) {
      labels[label[1]] = label[2].replace(/\\(.)/g, '$1');
    }
    const value = Number(match[3]);
    if (!Number.isNaN(value)) {
      samples.push({ name: match[1], labels, value });
    }
  }
  return samples;
}

/** Per second, how much each group of a counter grew between two reads, largest first. */
export function ratesBy(before: Sample[], after: Sample[], name: string, label: string, seconds: number): Array<[string, number]> {
  const grown = new Map<string, number>();
  for (const sample of after.filter((s) => s.name === name)) {
    const key = sample.labels[label] ?? '';
    const earlier = before.find((s) => s.name === name && sameLabels(s.labels, sample.labels));
    const growth = Math.max(0, sample.value - (earlier?.value ?? 0));
    grown.set(key, (grown.get(key) ?? 0) + growth);
  }
  return [...grown.entries()].map(([key, growth]): [string, number] => [key, growth / seconds])
    .filter(([, rate]) => rate > 0).sort((a, b) => b[1] - a[1]);
}

function sameLabels(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
