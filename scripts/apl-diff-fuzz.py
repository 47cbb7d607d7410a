#!/usr/bin/env python3
"""Differential testing of the compiled path against the reference interpreter.

Generates random APL programs (expressions over small vectors and matrices built from the
primitives, operators and dfns of the apltail subset; or single-character mutations of the
test programs under test/Frontend/APL), runs each with `tailc run --target=interp` and, when
the interpreter accepts it, with `--target=cpu`, and reports every program whose output or
exit status differs. A compiled program must print exactly what the interpreter prints, so
every report is a defect: a miscompilation, or an unsupported construct that the interpreter
runs.

  scripts/apl-diff-fuzz.py --tailc target/release/tailc --seed 1 --count 200
  scripts/apl-diff-fuzz.py --mode mutate --seed 3 --count 300 --keep /tmp/fuzz

Programs that differ are kept in the --keep directory (default: a temporary one) as
case-<seed>-<n>.apl; the exit status is 1 when any differed.

With --write-only the programs that the interpreter runs are written to --keep and nothing
else runs: the input of `scripts/cuda-sweep.py build DIR --programs KEEP`, which compares
them as CUDA executables on a GPU machine.

  scripts/apl-diff-fuzz.py --seed 5 --count 300 --write-only --keep /tmp/gen
"""
import argparse
import glob
import os
import random
import subprocess
import sys
import tempfile

MONADIC = ['-', '|', '⌽', '⊖', '⍉', '+/', '⌈/', '⌊/', '+\\', '⌈\\', '+⌿', '⌈⌿', '×',
           '~0=', '2|', '1↓', '¯1↓', '2↑', '¯2↑', '1⌽', '¯1⊖', ',', '⍳⍴',
           '{⍵×⍵}¨', '{⍵+1}¨', '{(⍵>0)/⍵}', '({⍵+⍵}⍣2)', '{⍵∘.+⍵}', '{⍵+.×⍉⍵}',
           '{+/,⍵}', '{2↑⍉⍵}', '{1 1↓⍵}', '(1 0 1 1 0 1 1⍴⍨⍴)']
# --rich adds these: floats, other reductions and scans, dyadic structural functions with
# computed arguments, inner and outer products with other operators, indexing, trains.
RICH_MONADIC = ['÷1+|', '⌊', '⌈', '×/', '⌊\\', '×\\', '∨/0<', '∧/0≤', '≠/2|', '-⌿', '⌊⌿',
                '3⌽', '¯2⌽', '2⊖', '0.5×', '*∘0.5∘|', '⍟1+|', '1○', '2○', '⌽⍉', '⍴⍴',
                '{⍵[1+(⍴⍵)|⍳3]}', '{⍵⌈.+⍵}', '{⍵∘.⌈⍵}', '{(⍴⍵)⍴⌽,⍵}', '{⍵,⍵}', '{⍵⍪⍵}',
                '{(2|⍳⍴⍵)/⍵}', '{⍵-⌊/⍵}', '{(+/⍵)÷⍴⍵}', '{⍵×⍵>0}', '(⊢-⌊)', '(+/÷≢)',
                '{¯3↑⍵}', '{(4⌊⍴⍵)↑⍵}', '{1↓¯1↓⍵}', '{⍵⍳⍵}', '{+/⍵∘.=⍵}', '({1+⍵}⍣3)',
                '{⍵+.×⍵}', '{⌈/⌊/⍵}', '{+\\⌽⍵}', '{(⍵≠0)×⍵}', '-/', '-⌿', '÷/1+|',
                '{⍺-⍵}/', '{⍺+2×⍵}\\', '-\\', '⍋', '⍒', '{⍵[⍋⍵]}', '{⍵∘.{⍺-⍵}⍵}',
                '{(⍴⍵)⍴⍒,⍵}', '{⍉(⌽⍴⍵)⍴,⍵}', '{0⌈⍵-1}', '{⍵⌊.×⍵}']
DYADIC = ['+', '-', '×', '⌈', '⌊', '=', '<', '≥', '|']
RICH_DYADIC = ['÷', '≠', '≤', '>', '∧', '∨', '*']
MUTATION_GLYPHS = list("⍴⍳,+-÷×⌈⌊⍉~⌽⊖↑↓⍪∧∨=≠<≤>≥/\\¨.¯0123456789 ")


def leaf(rng, rank, rich=False):
    if rank == 0:
        if rich and rng.random() < 0.3:
            return rng.choice(['0.5', '1.25', '¯2.5', '3.75', '0.1'])
        return str(rng.randint(-5, 9)).replace('-', '¯')
    if rank == 1:
        n = rng.randint(1, 7)
        opts = [f'(⍳{n})', f'({n}⍴{rng.randint(1, 9)} {rng.randint(0, 9)})', f'(¯3+⍳{n})']
        if rich:
            opts += [f'({n}⍴0.5 ¯1.25 2)', f'((⍳{n})÷4)', f'(⍳0)', f'(1⍴{rng.randint(0, 9)})']
        return rng.choice(opts)
    r, c = rng.randint(1, 5), rng.randint(1, 6)
    opts = [f'({r} {c}⍴⍳{r * c})',
            f'({r} {c}⍴{rng.randint(1, 9)} {rng.randint(0, 9)} {rng.randint(0, 4)})']
    if rich:
        opts += [f'({r} {c}⍴1.5 ¯0.25 3)', f'({r} 0⍴0)', f'(0 {c}⍴0)', f'({r} 1⍴⍳{r})',
                 f'(2 {r} {c}⍴⍳{2 * r * c})']
    return rng.choice(opts)


def expr(rng, depth, rank, rich=False):
    if depth == 0:
        return leaf(rng, rank, rich)
    mon = MONADIC + (RICH_MONADIC if rich else [])
    dya = DYADIC + (RICH_DYADIC if rich else [])
    k = rng.random()
    if k < 0.4:
        return f'({expr(rng, depth - 1, rank, rich)} {rng.choice(dya)} {expr(rng, depth - 1, 0, rich)})'
    if k < 0.8:
        return f'({rng.choice(mon)} {expr(rng, depth - 1, rank, rich)})'
    return f'({expr(rng, depth - 1, 0, rich)} {rng.choice(dya)} {expr(rng, depth - 1, rank, rich)})'


def generated(rng, rich=False):
    e = expr(rng, rng.randint(1, 4), rng.choice([1, 1, 2]), rich)
    return f'a ← {e}\n⎕ ← a\n+/ , a\n'


def mutation_sources(root):
    out = []
    for f in sorted(glob.glob(os.path.join(root, 'test/Frontend/APL/*.apl'))):
        text = open(f, encoding='utf-8').read()
        # Error tests, and tests reading files relative to their directory, are left out.
        if 'not tailc' in text or 'Inputs/' in text:
            continue
        out.append('\n'.join(l for l in text.split('\n') if not l.startswith('⍝')))
    return out


def mutated(rng, sources):
    chars = list(rng.choice(sources))
    for _ in range(rng.randint(1, 2)):
        if not chars:
            break
        p = rng.randrange(len(chars))
        k = rng.random()
        if k < 0.5:
            chars[p] = rng.choice(MUTATION_GLYPHS)
        elif k < 0.8:
            chars.insert(p, rng.choice(MUTATION_GLYPHS))
        else:
            del chars[p]
    return ''.join(chars)


def run(tailc, target, path, timeout):
    try:
        return subprocess.run([tailc, 'run', f'--target={target}', path],
                              capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--tailc', default=os.path.join(root, 'target/release/tailc'))
    ap.add_argument('--mode', choices=['generate', 'mutate'], default='generate')
    ap.add_argument('--rich', action='store_true',
                    help='generate with more primitives (floats, other reductions, scans, '
                         'structural functions, inner and outer products, indexing, trains)')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--count', type=int, default=100)
    ap.add_argument('--timeout', type=float, default=60.0, help='seconds per run')
    ap.add_argument('--keep', help='directory for the programs that differ')
    ap.add_argument('--write-only', action='store_true',
                    help='write the programs the interpreter runs to --keep; compare nothing')
    a = ap.parse_args()
    if a.count < 1:
        ap.error('--count must be at least 1')
    if a.write_only and not a.keep:
        ap.error('--write-only needs --keep (where to write the programs)')
    if not os.path.isfile(a.tailc):
        ap.error(f"no tailc at '{a.tailc}' (build it, or pass --tailc)")
    keep = a.keep or tempfile.mkdtemp(prefix='apl-diff-fuzz-')
    if os.path.exists(keep) and not os.path.isdir(keep):
        ap.error(f"--keep '{keep}' is not a directory")
    os.makedirs(keep, exist_ok=True)
    rng = random.Random(a.seed)
    sources = mutation_sources(root) if a.mode == 'mutate' else []
    compared = differed = 0
    for n in range(a.count):
        prog = generated(rng, a.rich) if a.mode == 'generate' else mutated(rng, sources)
        path = os.path.join(keep, f'case-{a.seed}-{n}.apl')
        with open(path, 'w', encoding='utf-8') as f:
            f.write(prog)
        ref = run(a.tailc, 'interp', path, a.timeout)
        if ref is None or ref.returncode != 0:
            os.remove(path)
            continue
        if a.write_only:
            compared += 1
            continue
        got = run(a.tailc, 'cpu', path, a.timeout)
        compared += 1
        if got is not None and got.returncode == 0 and got.stdout == ref.stdout:
            os.remove(path)
            continue
        differed += 1
        why = 'timed out' if got is None else (
            f'exit {got.returncode}: {got.stderr.decode(errors="replace").strip()[:300]}'
            if got.returncode != 0 else 'output differs')
        print(f'DIFF {path}: {why}')
    if a.write_only:
        print(f'{compared} programs that the interpreter runs written to {keep}')
        return 0
    print(f'{compared} programs compared, {differed} differed (kept in {keep})')
    return 1 if differed else 0


if __name__ == '__main__':
    sys.exit(main())
