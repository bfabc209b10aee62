#!/usr/bin/env node
/* The courtyard interface: a program written for the dvorovoy JavaScript AI contest (the third text of
 * shared/seeds/000_*) plays Kozyr's dvorovoy unchanged.
 *
 *   node courtyard.js FILE.js NAME      (what `courtyard:FILE.js` runs; see games/protocol/courtyard.py)
 *
 * Towards Kozyr it is a JSON-lines client (docs/protocol.md): it reads `start`, `event`, `act`, `violation`
 * and `end` on stdin and answers each `act` with one `{"action": …}` line. Towards the program it is the
 * contest's browser page: a `window` whose "domready" handlers run once FILE.js is loaded, MooTools-style
 * `Class` (Extends, Implements, initialize, this.parent) with the few Core helpers listed below, and
 * `Bridge.AIUtils`, the base class every entrant extends, with each method the contest documented. The
 * program's class is `Bridge.AI`; it is built once with its player, and `movement(first)` is called at
 * the start of each of its turns. Each `putCard`, `getCard` and `finishMove` is one action sent to Kozyr;
 * the callback of `putCard`/`getCard` runs when Kozyr asks again within the same move (the card has
 * "landed"). Kozyr judges every action: one it refuses is the program's violation, as for any program.
 * Differences from the contest's own page are listed in docs/protocol.md ("The courtyard interface").
 */
'use strict';

const fs = require('fs');
const readline = require('readline');
const util = require('util');
const vm = require('vm');

const [file, NAME] = process.argv.slice(2);
const out = process.stdout.write.bind(process.stdout);
// The program's console (the contest allowed "light humour in the game console") goes to stderr, so that
// stdout carries the protocol only.
for (const level of ['log', 'info', 'debug', 'warn', 'error']) {
  console[level] = (...args) => process.stderr.write(util.format(...args) + '\n');
}

function fail(text) {
  process.stderr.write(`courtyard (${NAME}): ${text}\n`);
  process.exit(1);
}

// -- MooTools Core, the part the contest's programs lean on ------------------------------------------
function Class(params) {
  if (typeof params === 'function') params = { initialize: params };
  const klass = function () {
    return this.initialize ? this.initialize.apply(this, arguments) : this;
  };
  const parent = params.Extends;
  if (parent) {
    klass.prototype = Object.create(parent.prototype);
    klass.parent = parent;
  }
  klass.prototype.constructor = klass;
  klass.implement = (key, value) => {
    if (typeof key === 'object') {
      for (const k of Object.keys(key)) klass.implement(k, key[k]);
    } else {
      klass.prototype[key] = typeof value === 'function' ? withParent(klass, key, value) : value;
    }
    return klass;
  };
  for (const mixin of [].concat(params.Implements || [])) {
    const source = typeof mixin === 'function' ? mixin.prototype : mixin;
    for (const k of Object.keys(source)) if (k !== 'constructor') klass.prototype[k] = source[k];
  }
  for (const k of Object.keys(params)) {
    if (k !== 'Extends' && k !== 'Implements') klass.implement(k, params[k]);
  }
  return klass;
}

// `this.parent(…)` inside a method calls the method of the same name that it overrides.
function withParent(klass, key, method) {
  const wrapper = function () {
    const saved = this.parent;
    const above = klass.parent && klass.parent.prototype[key];
    this.parent = function () {
      if (typeof above !== 'function') throw new Error(`the method "${key}" has no parent`);
      return above.apply(this, arguments);
    };
    try {
      return method.apply(this, arguments);
    } finally {
      this.parent = saved;
    }
  };
  wrapper.$origin = method;
  return wrapper;
}

const arrayHelpers = {
  getRandom() { return this.length ? this[Math.floor(Math.random() * this.length)] : null; },
  contains(item, from) { return this.indexOf(item, from) !== -1; },
  include(item) { if (!this.includes(item)) this.push(item); return this; },
  erase(item) { for (let i = this.length; i--;) if (this[i] === item) this.splice(i, 1); return this; },
  each(fn, bind) { this.forEach(fn, bind); return this; },
  getLast() { return this.length ? this[this.length - 1] : null; },
  pick() { return this.find((x) => x != null) ?? null; },
  clean() { return this.filter((x) => x != null); },
  append(items) { this.push(...items); return this; },
  combine(items) { for (const x of items) if (!this.includes(x)) this.push(x); return this; },
};
for (const [k, fn] of Object.entries(arrayHelpers)) {
  if (!(k in Array.prototype)) Object.defineProperty(Array.prototype, k, { value: fn, writable: true });
}
if (!Number.random) Number.random = (min, max) => Math.floor(Math.random() * (max - min + 1) + min);

// -- cards and players as the contest's page showed them ---------------------------------------------
const RANKS = { 6: '6', 7: '7', 8: '8', 9: '9', T: '10', J: 'j', Q: 'q', K: 'k', A: 'a' };
const VALUES = { 10: 10, q: 10, k: 10, a: 15, j: 20 };
const RANK_NAMES = {
  6: 'шестёрка', 7: 'семёрка', 8: 'восьмёрка', 9: 'девятка', 10: 'десятка',
  j: 'валет', q: 'дама', k: 'король', a: 'туз',
};
const SUIT_NAMES = { s: 'пик', c: 'треф', h: 'червей', d: 'бубен' };

function Card(code) {
  this.code = code; // Kozyr's text of the card: `TH`, `JS`
  this.hidden = code === null;
  this.rank = code && RANKS[code[0]];
  this.suit = code && code[1].toLowerCase();
  this.requireSuit = null;
}
Card.prototype.getValue = function () { return this.hidden ? null : VALUES[this.rank] || 0; };
Card.prototype.getName = function () {
  return this.hidden ? null : `${RANK_NAMES[this.rank]} ${SUIT_NAMES[this.suit]}`;
};
Card.prototype.setRequireSuit = function (suit) {
  if (this.rank === 'j' && 'schd'.includes(String(suit)) && String(suit).length === 1) this.requireSuit = suit;
  return this;
};
Card.prototype.getRequireSuit = function () { return this.requireSuit; };
Card.prototype.toString = function () { return this.hidden ? '??' : this.code; };

const cards = new Map(); // one object per card, so that a program may compare and keep them
function card(code) {
  if (!cards.has(code)) cards.set(code, new Card(code));
  return cards.get(code);
}

function Player(index, name) {
  this.index = index;
  this.name = name;
  this.cards = [];
  this.score = 0;
}
Player.prototype.hasPuttable = function () {
  if (this !== me.player) return null;
  return this.cards.find((c) => me.canPutCard(c)) || null;
};
Player.prototype.sumCards = function () {
  return this.cards.reduce((sum, c) => sum + (c.getValue() || 0), 0);
};

// -- the table as the program sees it ------------------------------------------------------------------
let seat = null;
let players = [];
let view = null;
let legal = [];
let asked = false; // an `act` awaits its one answer
let pending = null; // the callback of the last putCard/getCard, run when the move goes on
let me = null; // the program's AI object
let round = null;

function update(next) {
  const before = view ? view.hand : [];
  if (view && next.round_no !== view.round_no) {
    for (const c of cards.values()) c.requireSuit = null;
  }
  view = next;
  players.forEach((p, i) => {
    p.score = view.totals[i];
    const held = i === seat ? view.hand.map(card) : Array.from({ length: view.hand_sizes[i] }, () => new Card(null));
    p.cards.length = 0;
    p.cards.push(...held);
  });
  for (const code of view.hand) if (!before.includes(code)) card(code).requireSuit = null;
  if (view.top && view.named) card(view.top).requireSuit = view.named.toLowerCase();
}

function answer(action) {
  if (!asked) throw new Error('one action at a time: wait for the callback of the last one');
  asked = false;
  out(JSON.stringify({ action }) + '\n');
}

const AIUtils = new Class({
  initialize(player) {
    this.player = player;
  },
  getPlayers() { return players; },
  lastCard() { return view && view.top ? card(view.top) : null; },
  message(msg) {
    process.stderr.write(`${NAME}: ${msg}\n`);
    return this;
  },
  debug() {
    process.stderr.write(`${NAME}: debug() shows no cards here (a program sees only its own hand)\n`);
    return this;
  },
  canGetCard() { return legal.includes('draw'); },
  canhGetCard() { return this.canGetCard(); }, // as the contest's page spelled it
  getCard(onFinish) {
    const hand = view.hand.slice();
    pending = {
      goesOn: (v) => v.drew && v.played.length === 0 && v.round_no === round,
      run: () => {
        const got = view.hand.find((c) => !hand.includes(c));
        if (onFinish) onFinish.call(this, got ? card(got) : null);
      },
    };
    answer('draw');
  },
  canPutCard(c) { return Boolean(c && c.code) && (legal.includes(`play:${c.code}`) || legal.includes(`add:${c.code}`)); },
  putCard(c, onFinish) {
    if (!c || !c.code) throw new Error('putCard: not a card');
    const count = view.played.length + 1;
    pending = {
      goesOn: (v) => !v.opening && v.round_no === round && v.played.length === count && v.played[count - 1] === c.code,
      run: () => { if (onFinish) onFinish.call(this); },
    };
    answer(`play:${c.code}`);
  },
  canFinishMove() { return legal.some((a) => a === 'end' || a === 'pass' || a.startsWith('suit:')); },
  finishMove() {
    pending = null;
    if (legal.some((a) => a.startsWith('suit:'))) {
      const top = card(view.top);
      answer(`suit:${(top.requireSuit || top.suit).toUpperCase()}`);
    } else {
      answer(legal.includes('pass') ? 'pass' : 'end');
    }
  },
});

global.window = global;
global.Class = Class;
global.Bridge = { AIUtils };
const handlers = {};
global.addEvent = (type, fn) => { (handlers[type.toLowerCase()] = handlers[type.toLowerCase()] || []).push(fn); };

// -- Kozyr's side: the JSON-lines protocol ------------------------------------------------------------
function onStart(msg) {
  if (msg.game !== 'dvorovoy') fail(`courtyard programs play dvorovoy, not ${msg.game}`);
  seat = msg.seat;
  players = msg.names.map((name, i) => new Player(i, name));
  let source;
  try {
    source = fs.readFileSync(file, 'utf8');
  } catch (e) {
    fail(`cannot read ${file}: ${e.message}`);
  }
  vm.runInThisContext(source, { filename: file });
  for (const fn of handlers.domready || []) fn.call(global);
  for (const fn of handlers.load || []) fn.call(global);
  if (typeof Bridge.AI !== 'function') fail(`${file} defines no Bridge.AI class`);
  me = new Bridge.AI(players[seat]);
}

function onAct(msg) {
  update(msg.view);
  legal = msg.legal;
  asked = true;
  const last = pending;
  pending = null;
  if (last && last.goesOn(view)) {
    last.run();
  } else {
    round = view.round_no;
    me.movement(view.opening);
  }
}

readline.createInterface({ input: process.stdin, terminal: false }).on('line', (line) => {
  const msg = JSON.parse(line);
  if (msg.type === 'start') onStart(msg);
  else if (msg.type === 'act') onAct(msg);
  else if (msg.type === 'violation') process.stderr.write(`${NAME}: Kozyr refused an action: ${msg.reason}\n`);
  else if (msg.type === 'end') process.exit(0);
}).on('close', () => process.exit(0));
