import subprocess, re, sys
def load(f):
    out = subprocess.run(["callgrind_annotate","--threshold=100",f],capture_output=True,text=True).stdout
    d={}
    for line in out.splitlines():
        m=re.match(r'\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(\S.*)$', line)
        if not m: continue
        name=m.group(2)
        if 'PROGRAM TOTALS' in name: name='TOTAL'
        try: d[name]=int(m.group(1).replace(',',''))
        except: pass
    return d
a=load(sys.argv[1]); b=load(sys.argv[2])
rows=sorted(((a.get(k,0)-b.get(k,0)),k) for k in set(a)|set(b))
rows.sort(key=lambda r:-abs(r[0]))
for d,k in rows[:40]: print(f"{d:14,d} {a.get(k,0):14,d} {b.get(k,0):14,d}  {k[:150]}")
