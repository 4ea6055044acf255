import { moveTimeCap } from '@sbc/ai/time';
import { defenderChoiceOf, isLive, parseMoveText } from '@sbc/game';
import { type ColorName, opponent, type TypeName } from '@sbc/rules';
import { useEffect, useRef, useState } from 'react';
import { type ComputerPlayer, randomMove, workerComputer } from '../lib/engine.ts';
import type { GameController } from './useGameController.ts';

/** The computer waits 1 to 3 s with its piece highlighted, then 0.5 s more (docs/architecture.md §7). */
export const THINK_MIN_MS = 1000;
export const THINK_MAX_MS = 3000;
export const PLAY_DELAY_MS = 500;
/** A computer defender answers after 1.5 s. */
export const DEFENDER_DELAY_MS = 1500;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The move intention a move text of the engine stands for, or null (a defender choice, say). */
function intentionOf(text: string | null) {
  const parsed = text ? parseMoveText(text) : null;
  return parsed?.ok && 'from' in parsed.value ? parsed.value : null;
}

/**
 * The most the computer's turn may take on the clock (`moveTimeCap` of @sbc/ai), from its time left
 * as the server last sent it; null in correspondence and untimed games, where it plays as always.
 */
function turnCap({ state, server }: GameController, color: ColorName): number | null {
  const tc = server?.timeControl;
  if (tc?.kind !== 'clock' || !state?.clock) return null;
  return moveTimeCap({ leftMs: state.clock[color], incrementMs: tc.increment * 1000 });
}

/**
 * Plays the computer's side: when it is the computer's turn the engine searches in its worker; the
 * screen shows the piece of its best move so far from its first finished iteration (a hard search
 * takes seconds), then the chosen piece until a random 1 to 3 s have passed since the turn began
 * (longer if the engine needs it), then plays after another 0.5 s. On the clock the search and
 * the pauses keep within the turn's cap (`turnCap`), and so does a defender's answer.
 */
export function useComputerTurn(
  ctrl: GameController,
  computer: ComputerPlayer = workerComputer,
  random: () => number = Math.random,
) {
  const [thinking, setThinking] = useState(false);
  const [highlight, setHighlight] = useState<string | null>(null);
  const { state, busy, game } = ctrl;
  const ctrlRef = useRef(ctrl);
  ctrlRef.current = ctrl;

  const computerColor = state?.isComputerGame ? opponent(state.humanPlayer) : null;
  const live = state ? isLive(state.gameStatus) : false;
  const pending = state?.pendingDefenderChoice ?? null;
  const defends = pending !== null && pending.defender === computerColor;
  const moves = live && !pending && computerColor !== null && state?.currentPlayer === computerColor;
  useEffect(() => {
    if (computerColor) computer.prepare?.();
  }, [computerColor, computer]);

  const turnKey = state
    ? `${state.moveCount}:${state.currentPlayer}:${state.sbfen}:${state.moveHistory.length}`
    : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: one run per computer turn (turnKey).
  useEffect(() => {
    if (busy || !state || !game || !computerColor || !(moves || defends)) return;
    let cancelled = false;
    let cancelSearch = () => {};
    setThinking(true);
    const done = () => {
      if (!cancelled) {
        setThinking(false);
        setHighlight(null);
      }
    };
    const cap = turnCap(ctrl, computerColor) ?? Infinity;
    (async () => {
      if (defends && pending) {
        await sleep(Math.min(DEFENDER_DELAY_MS, cap));
        if (cancelled) return;
        done();
        await ctrlRef.current.choose(
          defenderChoiceOf(pending.defendingSharedBox.options as TypeName[]),
          'computer',
        );
        return;
      }
      const started = performance.now();
      const wait = THINK_MIN_MS + random() * (THINK_MAX_MS - THINK_MIN_MS);
      // The move is sent this long after the turn began, or once the search ends if later.
      const playAt = Math.min(wait + PLAY_DELAY_MS, cap);
      const search = computer.bestMove(
        {
          sbfen: state.startSbfen,
          moves: state.moveHistory.flatMap((m) => m.texts),
          standard: state.standard,
          level: state.aiDifficulty,
          ...(cap < Infinity && { limits: { maxTimeMs: cap } }),
        },
        (best) => {
          const from = intentionOf(best)?.from;
          if (!cancelled && from) setHighlight(from);
        },
      );
      cancelSearch = search.cancel;
      let text: string | null;
      try {
        text = await search.answer;
      } catch (error) {
        if (cancelled) return;
        console.warn('engine failed, playing a random move', error);
        text = randomMove(game);
      }
      if (cancelled) return;
      const intention = intentionOf(text);
      if (!intention) {
        done();
        return;
      }
      setHighlight(intention.from);
      await sleep(Math.max(0, playAt - (performance.now() - started)));
      if (cancelled) return;
      done();
      await ctrlRef.current.move(intention, 'computer');
    })();
    return () => {
      cancelled = true;
      cancelSearch();
      setThinking(false);
      setHighlight(null);
    };
  }, [turnKey, busy, moves, defends]);

  return { thinking, highlight, computerColor };
}
