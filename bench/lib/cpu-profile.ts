import { Session } from 'node:inspector/promises';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface CpuShare {
  name: string;
  ms: number;
  /** Per unit of work (request, event): ms divided by `units`. */
  perUnitMs: number;
  share: number;
}

export interface CpuSummary {
  units: number;
  /** Sampled wall time of this thread, idle (and the profiler's own work) included. */
  totalMs: number;
  busyMs: number;
  /** Time by the code responsible: the first frame up the stack that is a package or a file of the project. */
  byOwner: CpuShare[];
  /** Time by the function that was running (self time). */
  bySelf: CpuShare[];
}

const IDLE = new Set(['(idle)', '(program)']);
const PROFILER = 'bench/lib/cpu-profile.ts';

/** `express`, `@ifu/…` or a project file for a frame outside Node itself; undefined for Node's internals and natives. */
function ownerOf(frame: CallFrame): string | undefined {
  const { url } = frame;
  if (!url || url.startsWith('node:')) return undefined;
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1];
  const inProject = /\/((?:services|projections|bench|test-support)\/.*)$/.exec(url);
  return inProject ? inProject[1] : url;
}

function frameName(frame: CallFrame): string {
  const where = frame.url ? ` ${ownerOf(frame) ?? frame.url.replace(/^node:/, '')}:${frame.lineNumber + 1}` : '';
  return `${frame.functionName || '(anonymous)'}${where}`;
}

/**
 * Samples this thread's CPU while `work` runs (the V8 profiler, as `--cpu-prof` does) and sums the time by the code
 * responsible: native and Node-internal frames (a socket write, a key parse) count for the first package or project
 * file above them, so the cost of a library call shows up under the library.
 */
export async function profileCpu<T>(units: number, work: () => Promise<T>): Promise<{ result: T; cpu: CpuSummary }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  let result: T;
  let profile: CpuProfile;
  try {
    result = await work();
  } finally {
    profile = (await session.post('Profiler.stop')).profile as unknown as CpuProfile;
    await session.post('Profiler.disable');
    session.disconnect();
  }
  return { result, cpu: summarize(profile, units) };
}

function summarize(profile: CpuProfile, units: number): CpuSummary {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

  const byOwner = new Map<string, number>();
  const bySelf = new Map<string, number>();
  let totalUs = 0;
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const node = nodes.get(id)!;
    totalUs += us;
    const name = node.callFrame.functionName;
    let owner: string | undefined;
    for (let at: number | undefined = id; at !== undefined && owner === undefined; at = parents.get(at)) owner = ownerOf(nodes.get(at)!.callFrame);
    // The profiler's own work (starting, stopping, sending the profile) is not the servers'.
    if (IDLE.has(name) || owner === PROFILER) {
      idleUs += us;
      continue;
    }
    bySelf.set(frameName(node.callFrame), (bySelf.get(frameName(node.callFrame)) ?? 0) + us);
    const key = owner ?? (name === '(garbage collector)' ? name : 'node (event loop, sockets)');
    byOwner.set(key, (byOwner.get(key) ?? 0) + us);
  }
  const busyUs = totalUs - idleUs;
  const shares = (map: Map<string, number>, limit: number): CpuShare[] =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, us]) => ({ name, ms: us / 1000, perUnitMs: us / 1000 / units, share: busyUs > 0 ? us / busyUs : 0 }));
  return { units, totalMs: totalUs / 1000, busyMs: busyUs / 1000, byOwner: shares(byOwner, 14), bySelf: shares(bySelf, 12) };
}
