#!/usr/bin/env python3
"""Generate fortress.json: a straight line of N bastioned fronts after
Vauban's first system ("mean" front for towns), at 1 inch = 20 yards, in
fixed point 1/100 inch. Not compiled into the program (only *.json is);
run it again after changing a constant:  python3 gen_fortress.py > fortress.json

Board axes: x to the right, y downward (as SVG draws them); the town lies
at the top, the besieger's camp at the bottom. Angles in 1/100 degree,
0 = +x, 9000 = +y (toward the besieger), clockwise on the drawing.
"""
import json, math

YD = 100 / 20.0          # 1/100 inch per yard at 1 in = 20 yd
TOISE = 2.13             # yards per toise (reference brief, header)
E = round(180 * TOISE * YD)      # exterior side, 180 toises
P = round(E / 6)                 # perpendicular, 1/6
FACE = round(E * 2 / 7)          # bastion face, 2/7
DITCH = round(16 * TOISE * YD)   # main ditch 15-18 toises
RDITCH = round(12 * TOISE * YD)  # ravelin ditch (narrower)
CW = round(10 * YD)              # covered way ~10 yd
GLACIS = round(45 * YD)          # glacis 40-50 yd
RCAP = round(55 * TOISE * YD)    # ravelin capital 55 toises
YS = 1200                        # exterior line (bastion salients)
MARGIN = 1200
PAR1 = round(640 * YD)           # first parallel ~300 toises from the most advanced works
CAMP = PAR1 + 400                # the camp arc, behind the first parallel
PSEC = 640                       # length of a first-parallel section

def r(v): return int(round(v))
def pt(p): return [r(p[0]), r(p[1])]
def sub(a, b): return (a[0]-b[0], a[1]-b[1])
def add(a, b): return (a[0]+b[0], a[1]+b[1])
def mul(a, k): return (a[0]*k, a[1]*k)
def norm(a):
    l = math.hypot(*a); return (a[0]/l, a[1]/l)
def inter(p1, d1, p2, d2):
    # p1 + t d1 = p2 + s d2
    den = d1[0]*d2[1] - d1[1]*d2[0]
    t = ((p2[0]-p1[0])*d2[1] - (p2[1]-p1[1])*d2[0]) / den
    return add(p1, mul(d1, t))
def ang(v):
    a = math.degrees(math.atan2(v[1], v[0]))
    return r(a * 100) % 36000
def outward(a, b, inside):
    """normal of segment ab pointing away from point inside"""
    d = norm(sub(b, a)); n = (d[1], -d[0])
    m = mul(add(a, b), 0.5)
    if (inside[0]-m[0])*n[0] + (inside[1]-m[1])*n[1] > 0: n = (-n[0], -n[1])
    return n
def centroid(poly):
    a = cx = cy = 0.0
    for i in range(len(poly)):
        x0, y0 = poly[i]; x1, y1 = poly[(i+1) % len(poly)]
        c = x0*y1 - x1*y0; a += c; cx += (x0+x1)*c; cy += (y0+y1)*c
    a /= 2
    return (cx/(6*a), cy/(6*a))

LETTERS = "ABCDEFGH"
REC = {"reconstructed": "Vauban's first system, mean front (180 toises exterior side, "
       "perpendicular 1/6, faces 2/7, ravelin capital 55 toises, ditch 16 toises, covered way "
       "10 yd, glacis 45 yd), reference brief section 3, at 1 in = 20 yd"}

def front_geometry(nf):
    width = 2 * MARGIN + nf * E
    sal = [(MARGIN + i * E, YS) for i in range(nf + 1)]
    # virtual salients beyond each end so that the end bastions are whole
    allsal = [(MARGIN - E, YS)] + sal + [(MARGIN + (nf + 1) * E, YS)]
    # per front between allsal[k] and allsal[k+1]: shoulders and flank ends
    fr = []
    for k in range(len(allsal) - 1):
        A, B = allsal[k], allsal[k+1]
        M = mul(add(A, B), 0.5); C = (M[0], M[1] - P)
        dA = norm(sub(C, A)); dB = norm(sub(C, B))
        SA = add(A, mul(dA, FACE)); SB = add(B, mul(dB, FACE))
        # flank ends: perpendicular to the curtain line, which joins the
        # points on the lines of defence at the foot of the flanks
        # (flanks drawn square to the curtain, curtain 80 (4 toises) behind C)
        cy = C[1] - 80
        FA = (SA[0], cy); FB = (SB[0], cy)
        fr.append(dict(A=A, B=B, M=M, SA=SA, SB=SB, FA=FA, FB=FB, cy=cy))
    works, cws = [], []
    bast = []
    for i in range(nf + 1):
        left, right = fr[i], fr[i+1]   # front to the left ends at this salient B, right starts at A
        S = sal[i]
        gy = left["cy"] - 300          # gorge line toward the town
        poly = [left["FB"], left["SB"], S, right["SA"], right["FA"],
                (right["FA"][0], gy), (left["FB"][0], gy)]
        c = centroid(poly)
        nl = outward(left["SB"], S, c); nr = outward(S, right["SA"], c)
        bast.append(dict(poly=poly, mid=c, faces=[ang(nl), ang(nr)], S=S,
                         fl=(left["SB"], S), fr=(S, right["SA"])))
    ravs = []
    for i in range(nf):
        f = fr[i + 1]
        M = f["M"]
        R = (M[0], YS + RCAP - round(P / 2))
        # faces aim at points on the bastion faces 30 yd from the shoulders
        tl = add(f["SA"], mul(norm(sub(f["A"], f["SA"])), 30 * YD))
        tr = add(f["SB"], mul(norm(sub(f["B"], f["SB"])), 30 * YD))
        dl = norm(sub(tl, R)); dr = norm(sub(tr, R))
        # shoulders where the faces meet the counterscarp of the main ditch
        # before the curtain (a line DITCH beyond the exterior line)
        shy = YS + DITCH * 0.35
        shl = inter(R, dl, (0, shy), (1, 0)); shr = inter(R, dr, (0, shy), (1, 0))
        gy = YS - P / 3
        poly = [R, shr, (shr[0], gy), (shl[0], gy), shl]
        c = centroid(poly)
        ravs.append(dict(poly=poly, mid=c, R=R, faces=[ang(outward(shl, R, c)),
                                                       ang(outward(R, shr, c))],
                         fl=(shl, R), fr=(R, shr)))
    # counterscarp / covered-way inner line: offset lines of the faces
    def off(seg, d, inside):
        n = outward(seg[0], seg[1], inside)
        return (add(seg[0], mul(n, d)), norm(sub(seg[1], seg[0])))
    inner = []   # polyline along the counterscarp, left to right
    # left end: the left face of bastion 0 offset, starting at its shoulder x
    b0 = bast[0]
    p, d = off(b0["fl"], DITCH, b0["mid"])
    inner.append(p)
    for i in range(nf + 1):
        b = bast[i]
        pl, dl = off(b["fl"], DITCH, b["mid"]); pr, dr = off(b["fr"], DITCH, b["mid"])
        inner.append(inter(pl, dl, pr, dr))            # salient of the counterscarp
        if i < nf:
            rv = ravs[i]
            ql, el = off(rv["fl"], RDITCH, rv["mid"]); qr, er = off(rv["fr"], RDITCH, rv["mid"])
            inner.append(inter(pr, dr, ql, el))        # re-entering place of arms
            inner.append(inter(ql, el, qr, er))        # ravelin salient of the counterscarp
            b2 = bast[i + 1]
            pl2, dl2 = off(b2["fl"], DITCH, b2["mid"])
            inner.append(inter(qr, er, pl2, dl2))      # re-entering place of arms
    bl = bast[-1]
    pr, dr = off(bl["fr"], DITCH, bl["mid"])
    inner.append(add(pr, mul(dr, FACE)))
    # crest (outer edge of the covered way) and glacis foot: offset by CW and CW+GLACIS
    def offset_poly(line, dist):
        out = []
        for k in range(len(line)):
            segs = []
            if k > 0: segs.append((line[k-1], line[k]))
            if k + 1 < len(line): segs.append((line[k], line[k+1]))
            ns = []
            for a, b in segs:
                dd = norm(sub(b, a)); ns.append((dd[1], -dd[0]) if dd[0] >= 0 else (-dd[1], dd[0]))
            # outward = toward +y
            ns = [n if n[1] > 0 else (-n[0], -n[1]) for n in ns]
            if len(ns) == 1:
                out.append(add(line[k], mul(ns[0], dist)))
            else:
                a0 = add(line[k-1], mul(ns[0], dist)); d0 = norm(sub(line[k], line[k-1]))
                a1 = add(line[k], mul(ns[1], dist)); d1 = norm(sub(line[k+1], line[k]))
                out.append(inter(a0, d0, a1, d1))
        return out
    crest = offset_poly(inner, CW)
    foot = offset_poly(inner, CW + GLACIS)
    # covered-way sections: one per branch, named CW-1.. from the left
    for k in range(len(inner) - 1):
        a = mul(add(inner[k], crest[k]), 0.5); b = mul(add(inner[k+1], crest[k+1]), 0.5)
        cws.append(dict(a=a, b=b, poly=[inner[k], inner[k+1], crest[k+1], crest[k]]))
    return width, sal, bast, ravs, fr, inner, crest, foot, cws

def scenario(nf, name):
    width, sal, bast, ravs, fr, inner, crest, foot, cws = front_geometry(nf)
    works = []
    for i, b in enumerate(bast):
        works.append({"name": "Bastion-" + LETTERS[i], "kind": "bastion",
                      "poly": [pt(p) for p in b["poly"]], "middle": pt(b["mid"]),
                      "faces": b["faces"], "source": REC})
    for i, rv in enumerate(ravs):
        works.append({"name": "Ravelin-" + str(i + 1), "kind": "ravelin",
                      "poly": [pt(p) for p in rv["poly"]], "middle": pt(rv["mid"]),
                      "faces": rv["faces"], "source": REC})
    for i in range(nf):
        f = fr[i + 1]
        a, b = f["FA"], f["FB"]
        poly = [a, b, (b[0], b[1] - 300), (a[0], a[1] - 300)]
        c = centroid(poly)
        works.append({"name": "Curtain-" + str(i + 1), "kind": "curtain",
                      "poly": [pt(p) for p in poly], "middle": pt(c),
                      "faces": [ang(outward(a, b, c))], "source": REC})
    for k, s in enumerate(cws):
        c = centroid(s["poly"])
        works.append({"name": "CW-" + str(k + 1), "kind": "covered-way",
                      "poly": [pt(p) for p in s["poly"]], "middle": pt(c),
                      "side": [pt(s["a"]), pt(s["b"])],
                      "faces": [ang(outward(s["a"], s["b"], (c[0], c[1] - 1000)))],
                      "source": REC})
    # adjacency for the order of attack (rule: covered way -> ravelin -> bastion -> curtain)
    nb = nf + 1
    adj = []
    for i in range(nf):
        # the ravelin of front i: the two covered-way branches at its salient, CW-(4i+3) and CW-(4i+4)
        adj.append({"work": "Ravelin-" + str(i + 1),
                    "after": ["CW-" + str(4 * i + 3), "CW-" + str(4 * i + 4)]})
    for i in range(nb):
        after = []
        if i > 0: after.append("Ravelin-" + str(i))
        if i < nf: after.append("Ravelin-" + str(i + 1))
        adj.append({"work": "Bastion-" + LETTERS[i], "after": after})
    for i in range(nf):
        adj.append({"work": "Curtain-" + str(i + 1), "after_all":
                    ["Bastion-" + LETTERS[i], "Bastion-" + LETTERS[i + 1]]})
    ymax = max(p[1] for p in foot)
    y1 = r(max(p[1] for p in crest) + PAR1)
    par1 = []
    npar = (width - 1200) // PSEC
    x = (width - npar * PSEC) // 2
    for _ in range(npar):
        par1.append([[x, y1], [x + PSEC, y1]]); x += PSEC
    depth = y1 + 900
    units = []
    def unit(nm, ty, side, at):
        units.append({"name": nm, "type": ty, "side": side, "at": at})
    # defender, per bastion (Army Organisation): 1 engineers, 2 heavy, 2 foot, 1 CinC, 1 medium
    cwn = ["CW-" + str(k + 1) for k in range(len(cws))]
    slots_med = ["Ravelin-" + str(i + 1) for i in range(nf)] + ["Curtain-" + str(i + 1) for i in range(nf)]
    foot_slots = ["Bastion-" + LETTERS[i] for i in range(nb)] + \
        ["Ravelin-" + str(i + 1) for i in range(nf)] + cwn
    fi = 0
    for i in range(nb):
        L = LETTERS[i]
        unit("Heavy-" + L + "1", "heavy", "defender", "Bastion-" + L)
        unit("Heavy-" + L + "2", "heavy", "defender", "Bastion-" + L)
        unit("Medium-" + L, "medium", "defender", slots_med[i] if i < len(slots_med) else "Bastion-" + L)
    for i in range(nb):
        L = LETTERS[i]
        for k in (1, 2):
            at = foot_slots[fi] if fi < len(foot_slots) else "Town"
            fi += 1
            unit("Garrison-" + L + str(k), "foot", "defender", at)
    for i in range(nb):
        L = LETTERS[i]
        unit("Engineers-" + L, "engineer", "defender", "Bastion-" + L)
        unit("Governor-" + L if i == 0 else "Commander-" + L, "cinc", "defender", "Bastion-" + L)
    # besieger, per bastion: 6 foot, 2 medium, 1 CinC; siege train 4 eng, 4 heavy, 4 mortars
    n = 0
    for i in range(nb):
        for k in range(6):
            n += 1
            unit("Foot-" + str(n), "foot", "besieger", "Camp")
    for i in range(2 * nb):
        unit("Field-" + str(i + 1), "medium", "besieger", "Camp")
    for i in range(nb):
        unit("General-" + str(i + 1), "cinc", "besieger", "Camp")
    for i in range(4):
        unit("Sappers-" + str(i + 1), "engineer", "besieger", "Camp")
    for i in range(4):
        unit("Siege-" + str(i + 1), "heavy", "besieger", "Camp")
    for i in range(4):
        unit("Mortar-" + str(i + 1), "mortar", "besieger", "Camp")
    return {
        "name": name, "fronts": nf, "width": width, "depth": depth,
        "source": REC,
        "works": works, "order": adj,
        "counterscarp": [pt(p) for p in inner], "crest": [pt(p) for p in crest],
        "glacis_foot": [pt(p) for p in foot],
        "town": {"middle": [width // 2, 350], "source": {"reconstructed": "the town behind the gorges"}},
        "camp": {"middle": [width // 2, y1 + 450], "source": {"reconstructed":
                 "the besieger's arc, outside the defender's artillery (Besieger deployment)"}},
        "first_parallel": {"sections": par1, "source": {"reconstructed":
                 "Vauban: first parallel about 300 toises (640 yd = 32 in) from the most advanced works"}},
        "units": units,
    }

out = {
    "source": {"reconstructed": "generated by gen_fortress.py: a straight line of bastioned fronts"},
    "scale": "1 inch = 20 yards; coordinates in 1/100 inch; angles in 1/100 degree, 0 = +x, 9000 = +y",
    "scenarios": [scenario(1, "one-front"), scenario(2, "two-fronts"), scenario(3, "three-fronts")],
}
print(json.dumps(out, indent=1))
