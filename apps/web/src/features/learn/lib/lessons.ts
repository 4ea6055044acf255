import type { Course } from './course.ts';

/** The lessons, one rule of docs/rules.md each, in the order a newcomer meets them. */
export const LESSONS: readonly Course[] = [
  {
    id: 'join',
    title: 'Join a pawn',
    summary: 'A strong piece moves onto its own pawn: a pawn box.',
    steps: [
      {
        sbfen: '4k3/8/8/8/4P3/6N1/8/4K3 w - - 0 1',
        task: 'Move your knight into the box on e4.',
        goal: { moves: ['g3e4'] },
        hint: 'A knight jumps: from g3 it reaches e4 in one move.',
        wrong: 'jump the knight onto your own pawn on e4.',
        explanation:
          'Shared box created! The knight and the pawn now share e4: a pawn box. Only a knight, bishop, rook or queen can join a pawn.',
      },
      {
        sbfen: '4k3/8/8/8/8/3P4/2P1P3/3QK3 w - - 0 1',
        task: 'Put your queen in a box with a pawn.',
        goal: { moves: ['d1d3'] },
        hint: 'The pawns on c2 and e2 have not left their starting rank yet. The one on d3 has.',
        wrong: 'only a pawn that has left its starting rank can share its square: the pawn on d3.',
        explanation:
          'The queen went through d2 onto d3. A slider needs every square on the way to be empty, and the pawn must have left its starting rank.',
      },
    ],
  },
  {
    id: 'leave',
    title: 'Move out of a box',
    summary: 'Choose which piece of your box moves; the other stays alone.',
    steps: [
      {
        sbfen: '4k3/8/8/8/4(PN)3/8/8/4K3 w - - 0 1',
        task: 'Move the knight out of the box on e4 and give check.',
        goal: { moves: ['Ne4d6', 'Ne4f6'] },
        hint: 'Click the box and pick the knight. From d6 or f6 it attacks e8.',
        wrong: 'the knight must leave e4 to a square from which it attacks the king on e8.',
        explanation:
          'You chose which piece of the box moved. The pawn stays on e4 alone, and the box is gone.',
      },
      {
        sbfen: '4k3/7r/8/8/8/3(PB)4/8/4K3 w - - 0 1',
        task: 'Take the rook on h7 with the bishop from the box on d3.',
        goal: { moves: ['Bd3h7'] },
        hint: 'Pick the bishop of the d3 box. Its diagonal runs e4, f5, g6, h7.',
        wrong: 'the bishop of the d3 box can take the rook on h7.',
        explanation:
          'An ordinary capture: a piece that leaves a box cannot create a box on that move, so nothing was copied.',
      },
    ],
  },
  {
    id: 'copy',
    title: 'Capture and copy',
    summary: 'Take a lone strong piece with a strong piece: you get a copy of it.',
    steps: [
      {
        sbfen: '4k3/8/8/8/3b4/5N2/8/4K3 w - - 0 1',
        task: 'Take the bishop on d4 with your knight.',
        goal: { moves: ['f3d4'] },
        hint: 'The knight on f3 reaches d4.',
        wrong: 'take the black bishop on d4 with the knight.',
        explanation:
          'Shared box created with 2 strong pieces! d4 now holds your knight and a new white bishop: a double box. The black bishop went to your captured list.',
      },
      {
        sbfen: '4k3/8/8/3p4/8/8/8/3R2nK w - - 0 1',
        task: 'Make a double box: capture the piece that can be copied.',
        goal: { moves: ['d1g1'] },
        hint: 'Only a strong piece taking a strong piece copies. Kings and pawns never copy, and a pawn is never copied.',
        wrong: 'a copy needs a strong piece taking a strong piece: your rook takes the knight on g1.',
        explanation: 'The rook took the knight and copied it: g1 holds a rook and a knight of yours.',
      },
    ],
  },
  {
    id: 'pawn-box',
    title: 'Attack a pawn box',
    summary: 'Capture onto an enemy pawn box: the pawn goes, a mixed box stays.',
    steps: [
      {
        sbfen: '4k3/8/8/3(pn)4/8/1B6/8/4K3 w - - 0 1',
        task: 'Attack the black pawn box on d5.',
        goal: { moves: ['b3d5'] },
        hint: 'Your bishop on b3 reaches d5 through c4.',
        wrong: 'capture onto d5 with the bishop.',
        explanation:
          'The black pawn is captured. Your bishop and the black knight now share d5: a mixed box, which nobody can attack. Each piece can be taken only once it stands alone again.',
      },
      {
        sbfen: '4k3/8/8/3(pr)4/4P3/8/8/4K3 w - - 0 1',
        task: 'Attack the pawn box on d5 with your pawn.',
        goal: { moves: ['e4d5'] },
        hint: 'A pawn attacks a box only diagonally, as a capture.',
        wrong: 'your pawn takes diagonally, from e4 to d5.',
        explanation: 'The pawn took the black pawn; d5 is a mixed box of your pawn and the black rook.',
      },
    ],
  },
  {
    id: 'double-box',
    title: 'Attack a double box',
    summary: 'The defender chooses which of its two pieces is sacrificed.',
    steps: [
      {
        sbfen: '4k3/8/8/3(nr)4/4P3/8/8/4K3 w - - 0 1',
        task: 'Attack the black double box on d5.',
        goal: { moves: ['e4d5'] },
        hint: 'Your pawn on e4 takes diagonally.',
        wrong: 'take on d5 with the pawn.',
        explanation:
          'Knight sacrificed, mixed shared box created. Black chose which piece to give up; the computer always gives up the lower-valued one.',
      },
      {
        sbfen: '4k3/8/8/3p4/2(BR)5/8/8/4K3 b - - 0 1',
        setup: ['d5c4'],
        task: 'Black attacks your double box on c4. Keep your stronger piece.',
        goal: { moves: ['sac=B'] },
        hint: 'Values: pawn 1, knight 3, bishop 3, rook 5, queen 9.',
        wrong: 'the rook (5) is worth more than the bishop (3): give up the bishop.',
        explanation:
          'Bishop sacrificed, mixed shared box created. Your rook and the black pawn share c4, and it is your move again.',
      },
    ],
  },
  {
    id: 'box-limit',
    title: 'The box limit',
    summary: 'At most 3 boxes stand on the board, of both colours together.',
    steps: [
      {
        sbfen: '4k3/8/6(pn)1/8/3b4/1(PB)3N1(PR)/8/4K3 w - - 0 1',
        task: 'Three boxes stand on the board. Take the bishop on d4 with your knight.',
        goal: { moves: ['f3d4'] },
        hint: 'The knight on f3 reaches d4.',
        wrong: 'take the bishop on d4 with the knight.',
        explanation:
          'With 3 boxes on the board, no box can be created: the capture is ordinary, nothing is copied and no +SB is written.',
      },
      {
        sbfen: '4k3/8/6(pn)1/3P4/5N2/1(PB)5(PR)/8/4K3 w - - 0 1',
        task: 'Your knight cannot join the pawn on d5 now. Attack the pawn box on g6 instead.',
        goal: { moves: ['f4g6'] },
        hint: 'An attack never changes the number of boxes, so it is allowed at the limit.',
        wrong: 'your knight on f4 reaches g6.',
        explanation: 'The black pawn is captured, and g6 is a mixed box: still 3 boxes on the board.',
      },
    ],
  },
  {
    id: 'check',
    title: 'Check and mate with boxes',
    summary: 'Both pieces of a box attack, and a king cannot take a piece in a box.',
    steps: [
      {
        sbfen: '4k3/8/8/8/8/8/4(pq)3/4RK2 w - - 0 1',
        task: 'The queen in the box on e2 gives check. Get out of check.',
        goal: { moves: ['f1g1'] },
        hint: 'Your king cannot take a piece in a box, and Rxe2 would take only the pawn: the queen would survive and still give check.',
        wrong: 'step away from the queen with the king.',
        explanation:
          'Attacking a pawn box removes only the pawn, and a king never attacks a box. To meet a check from a box you usually move the king or block.',
      },
      {
        sbfen: '8/6Pk/8/8/3Q4/8/8/4K3 w - - 0 1',
        task: 'Mate in one.',
        goal: { mate: true },
        hint: 'Put your queen in a box next to the king.',
        wrong: 'look for a square next to the king that the king can never take.',
        explanation:
          'Checkmate! White wins! The queen joined the pawn on g7. The king cannot take a piece in a box, and attacking the box would take only the pawn.',
      },
    ],
  },
  {
    id: 'promotion',
    title: 'Promotion',
    summary: 'Pawns promote as usual, never copy, and may promote by attacking a box.',
    steps: [
      {
        sbfen: 'r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1',
        task: 'Take the rook on a8 and promote to a queen.',
        goal: { moves: ['b7a8q'] },
        hint: 'Capture diagonally from b7 to a8, then choose the queen.',
        wrong: 'take the rook on a8 and choose a queen.',
        explanation:
          'An ordinary capture: pawns never copy, even when they take a strong piece and promote on the same move.',
      },
      {
        sbfen: 'k6(nr)/6P1/8/8/8/8/8/4K3 w - - 0 1',
        task: 'Promote to a queen by attacking the double box on h8.',
        goal: { moves: ['g7h8q'] },
        hint: 'Capture diagonally from g7 to h8, then choose the queen.',
        wrong: 'take on h8 and choose a queen.',
        explanation:
          'Your new queen is the attacker: Black gave up the knight, and the queen shares h8 with the black rook.',
      },
      {
        sbfen: '4k3/1(PR)6/8/8/8/8/8/4K3 w - - 0 1',
        task: 'Promote the pawn of the box on b7 to a queen.',
        goal: { moves: ['Pb7b8q'] },
        hint: 'Pick the pawn of the box, push it to b8 and choose the queen.',
        wrong: 'pick the pawn of the box and push it to b8 as a queen.',
        explanation: 'A pawn may leave a box and promote: the rook stays on b7 alone.',
      },
    ],
  },
];
