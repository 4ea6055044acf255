/**
 * The match's side of a UCI session with an engine process: handshake, options, one `go` per
 * move. Moves go in and out as move text (docs/rules.md, appendix "SBFEN and move text"), which in
 * ordinary chess is plain UCI, so Stockfish needs no translation; only engines that offer
 * `UCI_Variant` with `sharedbox` (this project's `npm run -s uci`) can play the variant.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** Waits longer than any sane engine needs: a loaded machine may start `npx tsx` slowly. */
const HANDSHAKE_MS = 60_000;
const GRACE_MS = 10_000;
/** How long a `go nodes` may take before the grace: a node budget has no clock of its own. */
const NODES_PATIENCE_MS = 60_000;

/** A mate score reported by an engine, in centipawns: beyond any resign threshold. */
const MATE_CP = 30_000;

/** What a move may spend: a fixed time or a fixed number of nodes (neither: a level's own time). */
export interface Budget {
  movetimeMs?: number;
  nodes?: number;
}

export interface UciAnswer {
  /** The `bestmove` text as sent. */
  text: string;
  /** The last reported score, centipawns from the mover's side; undefined when none came. */
  score?: number;
}

export class UciEngine {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: string[] = [];
  private waiter: (() => void) | null = null;
  private exited = false;
  /** Options the engine announced (lower-case name to its `option` line). */
  readonly offered = new Map<string, string>();
  name = '';

  private constructor(readonly command: string) {
    this.child = spawn(command, { shell: true, detached: true });
    this.child.stdin.on('error', () => {});
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      this.lines.push(line.trim());
      this.waiter?.();
    });
    this.child.on('exit', () => {
      this.exited = true;
      this.waiter?.();
    });
  }

  /**
   * Starts `command` in a shell, checks that it can play the mode, and sets `options` (plus
   * `Threads` 1, so that each engine runs single-threaded, when offered).
   */
  static async start(command: string, options: [string, string][], standard: boolean): Promise<UciEngine> {
    const engine = new UciEngine(command);
    try {
      engine.send('uci');
      for (;;) {
        const line = await engine.next(HANDSHAKE_MS, 'uciok');
        if (line === 'uciok') break;
        const option = /^option name (.+?) type /.exec(line);
        if (option) engine.offered.set(option[1].toLowerCase(), line);
        if (line.startsWith('id name ')) engine.name = line.slice(8);
      }
      const variant = engine.offered.get('uci_variant');
      if (!standard && !variant?.includes(' var sharedbox'))
        throw new Error(`'${command}' does not offer UCI_Variant sharedbox: it cannot play Shared Box Chess`);
      if (variant) engine.setOption('UCI_Variant', standard ? 'chess' : 'sharedbox');
      if (engine.offered.has('threads')) engine.setOption('Threads', '1');
      for (const [name, value] of options) {
        if (!engine.offered.has(name.toLowerCase())) throw new Error(`'${command}' has no option ${name}`);
        engine.setOption(name, value);
      }
      await engine.ready();
      return engine;
    } catch (e) {
      await engine.close();
      throw e;
    }
  }

  setOption(name: string, value: string): void {
    this.send(`setoption name ${name} value ${value}`);
  }

  async newGame(): Promise<void> {
    this.send('ucinewgame');
    await this.ready();
  }

  /** The engine's move after `moves` from the start position, spending `budget`. */
  async bestMove(moves: readonly string[], budget: Budget): Promise<UciAnswer> {
    this.lines.length = 0;
    this.send(moves.length ? `position startpos moves ${moves.join(' ')}` : 'position startpos');
    const { movetimeMs, nodes } = budget;
    this.send(movetimeMs ? `go movetime ${movetimeMs}` : `go nodes ${nodes}`);
    const patienceMs = (movetimeMs ?? NODES_PATIENCE_MS) + GRACE_MS;
    let score: number | undefined;
    for (;;) {
      const line = await this.next(patienceMs, 'bestmove');
      const reported = /\bscore (cp|mate) (-?\d+)/.exec(line);
      if (line.startsWith('info') && reported && !/\b(lower|upper)bound\b/.test(line)) {
        const n = Number(reported[2]);
        score = reported[1] === 'cp' ? n : n > 0 ? MATE_CP : -MATE_CP;
      }
      if (line.startsWith('bestmove')) return { text: line.split(/\s+/)[1] ?? '', score };
    }
  }

  /** Sends `quit`; ends the process group (shell and engine) if it has not left 2 s later. */
  async close(): Promise<void> {
    if (this.exited) return;
    this.send('quit');
    const deadline = Date.now() + 2000;
    while (!this.exited && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    if (!this.exited && this.child.pid) {
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {}
    }
  }

  private async ready(): Promise<void> {
    this.send('isready');
    while ((await this.next(HANDSHAKE_MS, 'readyok')) !== 'readyok');
  }

  private send(text: string): void {
    if (!this.exited) this.child.stdin.write(`${text}\n`);
  }

  /** The next line the engine writes; fails when it exits or stays silent `timeoutMs`. */
  private async next(timeoutMs: number, awaited: string): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (this.lines.length === 0) {
      if (this.exited) throw new Error(`'${this.command}' exited while the match waited for ${awaited}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`'${this.command}' sent no ${awaited} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiter = null;
    }
    return this.lines.shift() ?? '';
  }
}
