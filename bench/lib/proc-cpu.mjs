/**
 * CPU time the processes of a run used, from Linux's /proc (user + system time), so a figure can be
 * given per unit of work: on a shared or small machine throughput says more about the neighbours than
 * about the code, while the CPU milliseconds each order costs the servers, the database and Redis do not
 * depend on who else runs. Everything returns undefined where /proc is not there.
 */
import { readdirSync, readFileSync } from 'node:fs';

// Linux reports times in clock ticks of 1/100 s on every architecture Node runs on (USER_HZ).
const TICK_MS = 10;

/** User + system CPU milliseconds of one process so far, or undefined if it is gone or /proc is absent. */
export function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

/** The pids whose command line contains `needle` (e.g. a database name in a PostgreSQL backend's title). */
export function pidsMatching(needle) {
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const pids = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(needle)) pids.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return pids;
}

/**
 * Starts counting the CPU of a group of processes; `pids()` is asked again at the end, so processes that
 * start meanwhile (a database backend opened under load) count from zero. Processes that end before the
 * end are left out. `stop()` returns the milliseconds used, or undefined when none could be read.
 */
export function cpuMeter(pids) {
  const before = new Map(pids().map((pid) => [pid, processCpuMs(pid)]));
  return {
    stop() {
      let total;
      for (const pid of pids()) {
        const now = processCpuMs(pid);
        if (now === undefined) continue;
        total = (total ?? 0) + now - (before.get(pid) ?? 0);
      }
      return total;
    },
  };
}
