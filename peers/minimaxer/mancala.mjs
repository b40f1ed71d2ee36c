// mancala.mjs: the minimaxer study's game, written from docs/kalah.md (the
// library's example mancala: Kalah-like, but not Kalah), and its glue to the
// Minimaxer library's tree callbacks.
//
// Rules, in short: two rows of 6 pits with 4 seeds each and two empty
// stores; player 0 moves first and maximises.  A move is the index 0..5 of
// one of the mover's non-empty pits, generated in ascending order.  Sowing
// walks a cycle of 14 positions from the mover's side: 0-5 the mover's pits,
// 6 the mover's store, 7-12 the opponent's pits (index = position - 7), 13
// the opponent's store, where a seed is used up and lands nowhere.  If the
// last seed lands in an own pit that now holds one seed and the opposite pit
// (opponent index 5 - pit) is not empty, the mover banks both.  Players
// always alternate.  The game is over when either row is empty (nothing is
// swept).  Value: store of player 0 minus store of player 1.

import { Node } from "minimaxer";

const PITS = 6;
const SEEDS = 4;

// Node types and aims of the library (TypeScript const enums, so plain
// numbers in its JavaScript build).
const NODE_INNER = 1;
const NODE_LEAF = 2;
const NODE_ROOT = 0;
const AIM_MAX = 1;
const AIM_MIN = -1;

export class Mancala {
    constructor() {
        // pits[p][i]: player p's pit i; stores[p]: player p's store.
        this.pits = [new Array(PITS).fill(SEEDS), new Array(PITS).fill(SEEDS)];
        this.stores = [0, 0];
        this.player = 0;
        this.over = false;
    }

    clone() {
        const copy = Object.create(Mancala.prototype);
        copy.pits = [this.pits[0].slice(), this.pits[1].slice()];
        copy.stores = [this.stores[0], this.stores[1]];
        copy.player = this.player;
        copy.over = this.over;
        return copy;
    }

    moves() {
        const own = this.pits[this.player];
        const list = [];
        for (let i = 0; i < PITS; i++) if (own[i] > 0) list.push(i);
        return list;
    }

    play(pit) {
        const mover = this.player;
        const other = 1 - mover;
        const own = this.pits[mover];
        const theirs = this.pits[other];
        let seeds = own[pit];
        own[pit] = 0;
        let position = pit;
        while (seeds > 0) {
            position = (position + 1) % 14;
            seeds--;
            if (position < 6) own[position]++;
            else if (position === 6) this.stores[mover]++;
            else if (position < 13) theirs[position - 7]++;
            // position 13: the seed is used up
        }
        if (position < 6 && own[position] === 1 && theirs[5 - position] > 0) {
            this.stores[mover] += theirs[5 - position] + 1;
            theirs[5 - position] = 0;
            own[position] = 0;
        }
        this.player = other;
        this.over = rowEmpty(this.pits[0]) || rowEmpty(this.pits[1]);
    }

    value() {
        return this.stores[0] - this.stores[1];
    }
}

function rowEmpty(row) {
    for (let i = 0; i < PITS; i++) if (row[i] > 0) return false;
    return true;
}

// The library's callbacks: a node's moves, and the child a move leads to.
// The child's value is computed once, when it is created, as the library's
// own example does; EvaluateNode's default returns node.value.
export function getMoves(node) {
    return node.gamestate.moves();
}

export function createChildNode(parent, move) {
    const state = parent.gamestate.clone();
    state.play(move);
    const type = state.over ? NODE_LEAF : NODE_INNER;
    const aim = state.player === 0 ? AIM_MAX : AIM_MIN;
    const child = new Node(type, state, move, 0, aim);
    child.value = state.value();
    return child;
}

// A fresh root at the start position (player 0 to move, maximising).
export function startRoot() {
    const state = new Mancala();
    const root = new Node(NODE_ROOT, state, null, 0, AIM_MAX);
    root.value = state.value();
    return root;
}

// Plays a comma-separated move list from the start (for spot checks).
export function playLine(moves) {
    const state = new Mancala();
    for (const text of moves.split(",").filter((m) => m !== "")) {
        const pit = Number(text);
        if (!state.moves().includes(pit)) throw new Error(`illegal move ${text}`);
        state.play(pit);
    }
    return state;
}
