// The engine processes (…/dist/engine.js) below a given process, read from /proc: the tests kill or freeze
// the engine their own extension host started, and nobody else's.
'use strict';
const fs = require('node:fs');

function parentOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}

/** Pids of the engine processes descending from `ancestor`. */
function enginePids(ancestor) {
  const pids = [];
  for (const name of fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    let argv;
    try {
      argv = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (!argv.some((a) => /[\\/]dist[\\/]engine\.js$/.test(a))) continue;
    for (let p = Number(name); p > 1; p = parentOf(p)) if (p === ancestor) { pids.push(Number(name)); break; }
  }
  return pids;
}

module.exports = { enginePids };
