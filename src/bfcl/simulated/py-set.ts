/**
 * A Python `set` of ints (`MessageAPI.generated_ids`). Its `repr` lists the members in the order of
 * CPython 3.11's hash table (`setobject.c`: 8 slots to start, an int's hash is itself, 9 linear probes
 * then perturbed probing, a resize to 4 × used once 3/5 of the slots are filled), so a state printed by
 * the state checker reads as Python prints it.
 */
import { typeError, typeName } from './ops.js';
import { type PyData, type PyObject, PyFloat } from './py.js';

const LINEAR_PROBES = 9;
const PERTURB_SHIFT = 5n;

export class PyIntSet implements PyObject {
  readonly pyClass = 'set';
  /** The hash table's slots: a member or undefined. */
  private table: (number | undefined)[] = new Array(8).fill(undefined);
  private used = 0;

  /** `set.add(value)`. */
  add(value: PyData): void {
    const member = intMember(value);
    if (this.has(member)) return;
    insert(this.table, member);
    this.used++;
    const mask = this.table.length - 1;
    if (this.used * 5 >= mask * 3) this.resize(this.used > 50000 ? this.used * 2 : this.used * 4);
  }

  /** `value in set`. */
  has(value: PyData): boolean {
    if (typeof value === 'boolean') return this.table.includes(value ? 1 : 0);
    const number = value instanceof PyFloat ? value.value : value;
    return typeof number === 'number' && this.table.includes(number);
  }

  get size(): number {
    return this.used;
  }

  /** The members in Python's iteration order. */
  members(): number[] {
    return this.table.filter((member): member is number => member !== undefined);
  }

  private resize(minUsed: number): void {
    let size = 8;
    while (size <= minUsed) size *= 2;
    const old = this.members();
    this.table = new Array(size).fill(undefined);
    for (const member of old) insert(this.table, member);
  }

  pyEq(other: PyData): boolean {
    return other instanceof PyIntSet && other.size === this.size && this.members().every((member) => other.has(member));
  }

  pyRepr(): string {
    return this.used === 0 ? 'set()' : `{${this.members().join(', ')}}`;
  }
}

function intMember(value: PyData): number {
  if (typeof value === 'number') return value;
  throw typeError(`PyIntSet holds ints; got '${typeName(value)}'`);
}

/** CPython's probe sequence (`set_insert_clean`): the slot itself, up to 9 after it, then perturbed jumps. */
function insert(table: (number | undefined)[], member: number): void {
  const mask = BigInt(table.length - 1);
  let perturb = hashOf(member);
  let i = perturb & mask;
  for (;;) {
    const start = Number(i);
    const probes = start + LINEAR_PROBES <= Number(mask) ? LINEAR_PROBES : 0;
    for (let j = 0; j <= probes; j++) {
      if (table[start + j] === undefined) {
        table[start + j] = member;
        return;
      }
    }
    perturb >>= PERTURB_SHIFT;
    i = (i * 5n + 1n + perturb) & mask;
  }
}

/** `hash(n)` as CPython's unsigned `size_t`: n modulo 2^61 - 1, with -1 taken as -2. */
function hashOf(member: number): bigint {
  const modulus = (1n << 61n) - 1n;
  const value = BigInt(member);
  let hash = value >= 0n ? value % modulus : -(-value % modulus);
  if (hash === -1n) hash = -2n;
  return BigInt.asUintN(64, hash);
}
