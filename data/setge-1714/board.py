#!/usr/bin/env python3
"""board.py - writes board.json, the drawing of the Setge 1714 board used by the
SVG hook (sg_svg.c): zone cells from hand-placed centres (a weighted Voronoi
partition clipped to the land), the shared edges of map.json's sides, the
sea, the canal and the trenches. Run: python3 data/setge-1714/board.py"""
import json, math
W,H=1000,760
# zone area: the map covers the east front; west of x=230 is the rest of the city
AREA=[(230,0),(1000,0),(1000,520),(650,760),(230,760)]
SEA=[(1000,520),(1000,760),(650,760)]
seeds={
 "Right Two Crowns":(850,45,2500),"Glacis de Sant Pere":(585,18,-200),"Fossat del Portal Nou":(725,100,0),
 "Centre Two Crowns":(945,240,2500),"Fossat de Santa Clara":(840,265,0),"Fossat de Llevant":(880,390,0),
 "Left Two Crowns":(955,465,1800),"Reducte de Santa Eulàlia":(885,495,0),"Platja del Rec":(830,590,0),
 "Baluard de Jonqueres":(395,60,0),"Baluard de Sant Pere":(495,85,0),"Baluard del Portal Nou":(635,110,0),
 "Cortina Reial":(690,175,-300),"Cortina de Sant Daniel":(740,222,-300),"Cortina del Carnalatge":(776,280,-300),
 "Baluard de Santa Clara":(800,335,0),"Cortina dels Molins":(790,398,-300),"Baluard de Llevant":(815,462,0),
 "Baluard de Migdia":(730,585,0),
 "Convent de Jonqueres":(320,95,0),"Plaça de Jonqueres":(360,180,0),"Sant Pere de les Puel·les":(480,160,0),
 "Plaça de Sant Pere":(465,238,0),"Carrer del Portal Nou":(585,195,0),"Sant Pere més Baix":(515,292,0),
 "Portal de Sant Daniel":(655,278,0),"Convent de Santa Clara":(725,345,0),"Sant Agustí Església":(570,352,0),
 "Sant Agustí Claustres":(580,425,0),"Convent de Santa Caterina":(425,335,0),"Molins del Rec":(685,405,0),
 "Santa Marta":(722,462,0),"Pla d'en Llull":(600,495,0),"Fusina":(650,555,0),"Born":(480,450,0),
 "Carrer Montcada":(385,430,0),"Santa Maria del Mar":(410,530,0),"Pla de Palau":(555,640,0),
 "#c1":(250,250,0),"#c2":(250,420,0),"#c3":(270,620,0),"#c4":(380,740,0),"#c5":(250,60,0),
}
def clip(poly,a,b,c):
    # keep a*x+b*y <= c
    out=[]
    n=len(poly)
    for i in range(n):
        p=poly[i];q=poly[(i+1)%n]
        fp=a*p[0]+b*p[1]-c; fq=a*q[0]+b*q[1]-c
        if fp<=1e-9: out.append(p)
        if (fp<-1e-9 and fq>1e-9) or (fp>1e-9 and fq<-1e-9):
            t=fp/(fp-fq); out.append((p[0]+t*(q[0]-p[0]),p[1]+t*(q[1]-p[1])))
    return out
cells={}
for n,(x,y,w) in seeds.items():
    poly=list(AREA)
    for m,(x2,y2,w2) in seeds.items():
        if m==n: continue
        # |p-s|^2 - w <= |p-s2|^2 - w2  ->  2(x2-x)px + 2(y2-y)py <= x2^2+y2^2-x^2-y^2 -w2 + w
        a=2*(x2-x); b=2*(y2-y); c=x2*x2+y2*y2-x*x-y*y-w2+w
        poly=clip(poly,a,b,c)
    cells[n]=poly
def pw(n,p):
    x,y,w=seeds[n]; return (p[0]-x)**2+(p[1]-y)**2-w
import os
HERE=os.path.dirname(os.path.abspath(__file__))
m=json.load(open(os.path.join(HERE,'map.json')))
sides=[];missing=[]
for sd in m['sides']:
    a,b=sd['a'],sd['b']
    seg=[]
    P=cells[a]
    for i in range(len(P)):
        p=P[i];q=P[(i+1)%len(P)]
        if abs(pw(a,p)-pw(b,p))<1e-3*max(1,abs(pw(a,p))) +0.5 and abs(pw(a,q)-pw(b,q))<1e-3*max(1,abs(pw(a,q)))+0.5:
            if math.dist(p,q)>0.5: seg=[p,q]
    if seg: sides.append((a,b,sd.get('line','none'),sd.get('breach'),seg))
    else: missing.append((a,b,sd.get('line')))
# voronoi adjacencies not in map
adjmap=set(frozenset((s['a'],s['b'])) for s in m['sides'])
extra=[]
names=[n for n in seeds if not n.startswith('#')]
for i,a in enumerate(names):
    for b in names[i+1:]:
        P=cells[a]
        for k in range(len(P)):
            p=P[k];q=P[(k+1)%len(P)]
            if abs(pw(a,p)-pw(b,p))<0.5 and abs(pw(a,q)-pw(b,q))<0.5 and math.dist(p,q)>3:
                if frozenset((a,b)) not in adjmap: extra.append((a,b,round(math.dist(p,q))))

SRC=("reconstructed: a schematic drawing of the east front of Barcelona on 11 September 1714 "
     "after reference \u00a72 (the wall from the sea northwards: Migdia, Llevant, Santa Clara, "
     "Portal Nou, Sant Pere, Jonqueres; the curtains and breaches between them; the ditch and the "
     "Bourbon trenches outside; the convents, the Rec Comtal and its mills, the Born and the Pla de "
     "Palau inside; the sea to the south-east). The printed map is not available. Zone cells are a "
     "weighted Voronoi partition of hand-placed centres computed by board.py, so two cells may touch "
     "where map.json has no side, or not touch where it has one: map.json's sides rule movement and "
     "combat; lines are drawn where a side of map.json is a shared edge.")
def r(p): return [round(p[0],1),round(p[1],1)]
def centroid(P):
    a=cx=cy=0
    for i in range(len(P)):
        x0,y0=P[i];x1,y1=P[(i+1)%len(P)]
        c=x0*y1-x1*y0;a+=c;cx+=(x0+x1)*c;cy+=(y0+y1)*c
    a*=0.5
    return [round(cx/(6*a),1),round(cy/(6*a),1)]
out={"source":SRC,"width":W,"height":H,
 "sea":{"polygon":[r(p) for p in SEA],"source":"reconstructed: the Mediterranean south-east of the Ribera (reference \u00a72)"},
 "city":{"polygon":[[0,0],[230,0],[230,760],[0,760]],"source":"reconstructed: the rest of the walled city, west of the map (rulebook \u00a72.2: the map runs from Santa Maria del Mar to the wall)"},
 "zones":[],"sides":[],
 "features":[
  {"kind":"canal","name":"Rec Comtal","points":[[770,0],[705,80],[690,150],[668,250],[680,330],[690,400],[728,480],[770,560],[815,650],[840,700]],
   "source":"reconstructed: the Rec Comtal canal entered between the Portal Nou and Sant Daniel, drove the mills of the Rec and reached the sea by the Platja del Rec (reference \u00a72)"},
  {"kind":"trench","name":"first parallel","points":[[745,0],[790,60],[800,45],[860,140],[875,130],[905,250],[920,245],[930,370],[945,365],[950,470]],
   "source":"reconstructed: the besiegers' trenches formed three parallels to the wall (reference \u00a72)"},
  {"kind":"trench","name":"second parallel","points":[[830,0],[870,60],[885,50],[935,150],[950,140],[970,260],[985,255],[990,400]],
   "source":"reconstructed: the besiegers' trenches formed three parallels to the wall (reference \u00a72)"},
  {"kind":"trench","name":"third parallel","points":[[910,0],[950,60],[965,50],[1000,120]],
   "source":"reconstructed: the besiegers' trenches formed three parallels to the wall (reference \u00a72)"}
 ]}
for n,P in cells.items():
    if n.startswith('#'): continue
    out["zones"].append({"name":n,"polygon":[r(p) for p in P],"label":centroid(P)})
for a,b,l,br,seg in sides:
    out["sides"].append({"a":a,"b":b,"points":[r(seg[0]),r(seg[1])]})
with open(os.path.join(HERE,'board.json'),'w') as f:
    json.dump(out,f,indent=1,ensure_ascii=True); f.write("\n")
print("board.json: %d zones, %d of %d sides drawn" % (len(out["zones"]),len(sides),len(m["sides"])))
