import type { Course } from './course.ts';

/**
 * "Find the best move" in positions full of boxes: one step each, one solution. The unit suite
 * checks each with the engine (apps/web/test/learn-course.test.ts): at PUZZLE_DEPTH its best move is
 * the solution, better than the second best by PUZZLE_MARGIN at least.
 */
export const PUZZLES: readonly Course[] = [
  {
    id: 'puzzle-copy-queen',
    title: 'Copy the queen',
    summary: 'White to move wins big.',
    steps: [
      {
        sbfen: 'rnb1k1nr/ppp2ppp/4p3/3q4/8/2N2(PN)2/PPP2PPP/R2QKB1R w KQkq - 0 1',
        task: 'White to move. Find the best move.',
        goal: { moves: ['c3d5'] },
        hint: 'Which of your pieces can take the queen and copy it?',
        wrong: 'a knight that takes the queen copies it.',
        explanation:
          'Nxd5+SB: the knight takes the queen and d5 holds a knight and a new white queen. If exd5 attacks the box, White gives up the knight and keeps the queen.',
      },
    ],
  },
  {
    id: 'puzzle-fork',
    title: 'Out of the box',
    summary: 'A knight leaves its box with a fork.',
    steps: [
      {
        sbfen: 'r1b1k2r/pp1(pn)1ppp/8/3(PN)4/8/8/PPP2PPP/2KR1B1R w kq - 0 1',
        task: 'White to move. Find the best move.',
        goal: { moves: ['Nd5c7'] },
        hint: 'The knight in the d5 box can give check.',
        wrong: 'the knight of the d5 box checks from c7 and attacks the rook on a8.',
        explanation: 'Nc7+ forks the king and the rook on a8: the rook falls next move.',
      },
    ],
  },
  {
    id: 'puzzle-queen-mate',
    title: 'The untouchable queen',
    summary: 'Mate in one.',
    steps: [
      {
        sbfen: 'r4r2/pp3pPk/2n1(pb)3/4(PN)3/6Q1/8/PPP2PPP/4R1K1 w - - 0 1',
        task: 'White to move. Mate in one.',
        goal: { moves: ['g4g7'] },
        hint: 'A king cannot take a piece in a box.',
        wrong: 'your queen can join the pawn on g7, next to the king.',
        explanation:
          'Qg7+SB#: the king cannot take the queen in its box, and attacking the box would take only the pawn.',
      },
    ],
  },
  {
    id: 'puzzle-rook-mate',
    title: 'Pawn and rook together',
    summary: 'Mate in one.',
    steps: [
      {
        sbfen: '4k2r/pp2Ppp1/2(pn)5/8/8/3(PB)4/PPP2PPP/4R1K1 w - - 0 1',
        task: 'White to move. Mate in one.',
        goal: { moves: ['e1e7'] },
        hint: 'Both pieces of a box attack.',
        wrong: 'your rook can join the pawn on e7.',
        explanation:
          'Re7+SB#: the rook checks and guards d7 and f7, the pawn guards d8 and f8. Nxe7 would take only the pawn, so it is no defence.',
      },
    ],
  },
  {
    id: 'puzzle-keep-knight',
    title: 'Which piece goes?',
    summary: 'Your double box is attacked: choose the sacrifice.',
    steps: [
      {
        sbfen: '3q3k/6pp/3p4/4(NR)3/8/8/5PPP/6K1 b - - 0 1',
        setup: ['d6e5'],
        task: 'Black attacks your double box on e5. Choose which piece to sacrifice.',
        goal: { moves: ['sac=R'] },
        hint: 'Look for a knight check, then a capture by a knight that stands alone.',
        wrong: 'keep the knight: it checks from f7, and then it can take the queen.',
        explanation:
          'Rook sacrificed, mixed shared box created. Then Nf7+ Kg8 Nxd8+SB#: the knight, alone again, takes the queen and copies it; the new queen holds the back rank and the knight guards f7.',
      },
    ],
  },
  {
    id: 'puzzle-promote-attack',
    title: 'Promote on the box',
    summary: 'White to move wins material.',
    steps: [
      {
        sbfen: 'k6(nr)/p5P1/1p6/8/3(PB)4/8/PP3PP1/6K1 w - - 0 1',
        task: 'White to move. Find the best move.',
        goal: { moves: ['g7h8q'] },
        hint: 'A pawn that attacks a box on its last rank promotes.',
        wrong: 'take the box on h8 and make a queen.',
        explanation:
          'gxh8=Q: Black must give up a piece of the box, and the new queen stands in a mixed box where nothing can take it.',
      },
    ],
  },
  {
    id: 'puzzle-pawn-attack',
    title: 'Pawn against queen and rook',
    summary: 'White to move: a double box within reach.',
    steps: [
      {
        sbfen: 'r1b1kb1r/ppp2ppp/2n2n2/3(rq)4/1N2P3/5N2/PPP1QPPP/R1B1KB1R w KQkq - 0 1',
        task: 'White to move. Find the best move.',
        goal: { moves: ['e4d5'] },
        hint: 'Two of your pieces can attack the box on d5: which one costs least?',
        wrong: 'attack the double box with your cheapest piece.',
        explanation:
          'exd5: your pawn attacks the double box, and Black must give up the rook or the queen for it.',
      },
    ],
  },
];
