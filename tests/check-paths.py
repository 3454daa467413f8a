"""Every repository path and `make TARGET` named in the sources, docs and
chapters exists. Placeholders (NN, NAME, LESSON, <x>, {x}, $x, ..., *) match
any name; a line naming a path that must not exist says "no-such"."""
import glob, os, re, subprocess, sys
ROOTS = 'lessons|tools|kernels|common|tests|results|book|exercises|solutions'
PATH = re.compile(r'(?<![\w/.$-])((?:' + ROOTS + r')/[\w./*<>{}$-]*[\w*>}])')
MAKE = re.compile(r'(?:`|^\s*(?:\$ )?)make ([a-zA-Z][a-zA-Z0-9/._-]*)')
files = subprocess.run(['git', 'ls-files'], capture_output=True, text=True).stdout.split()
files = sys.argv[1:] or [f for f in files if re.search(r'(\.(md|c|h|cl|sh|py|lua|args|yaml|html)|Makefile)$', f)
         and not f.startswith(('tests/grader-corpus/', 'results/', 'tests/fixtures/', 'book/tests/'))]
targets = set()
for line in subprocess.run(['make', '-qp'], capture_output=True, text=True).stdout.splitlines():
    m = re.match(r'^([a-zA-Z0-9_./-]+):', line)
    if m: targets.add(m.group(1))
def pattern(p):
    if '{' in p and '}' not in p.split('{', 1)[1]: p = p.split('{', 1)[0] + '*'
    if p.endswith('}') and '{' not in p: p = p[:-1]
    g = re.sub(r'<[^>]*>|\{[^}]*\}|\$\{?\w+\}?', '*', p)
    g = re.sub(r'\.\.\.|…', '**/*', g)
    g = re.sub(r'\bNN\b', '[0-9][0-9]', g)
    g = re.sub(r'(?<=[-/])([A-Z][A-Z_]*|k|name|x|device)(?![a-z])', '*', g)
    return g
bad = 0
for f in files:
    try: text = open(f, encoding='utf-8').read()
    except (UnicodeDecodeError, FileNotFoundError): continue
    for n, line in enumerate(text.splitlines(), 1):
        if 'no-such' in line: continue
        for m in PATH.finditer(line):
            p = m.group(1).rstrip('.')
            if f.endswith('.py') and '{' in p: continue  # an f-string
            if glob.glob(pattern(p), recursive=True) or os.path.exists(p): continue
            if p.startswith('results/') and f.startswith('tools/'): continue  # what the tools write
            print(f'{f}:{n}: no such path: {p}'); bad += 1
        for m in MAKE.finditer(line):
            t = re.sub(r'NN$', '01', m.group(1))
            if t in targets or t.isupper(): continue  # make TARGET: a placeholder
            print(f'{f}:{n}: no make target: make {t}'); bad += 1
print(f'{len(files)} files checked')
sys.exit(1 if bad else 0)
