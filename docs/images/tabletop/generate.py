#!/usr/bin/env python3
"""Writes the SVG pictures of docs/tabletop-geometry.md (committed beside
this script; rerun it after changing a picture). Table coordinates: x east,
y north, inches; one inch is 20 px. SVG arcs: the y axis is flipped, so an
anticlockwise turn on the table has sweep flag 1."""
import math
import pathlib

HERE = pathlib.Path(__file__).parent
S = 20.0


class Picture:
    def __init__(self, x0, y0, x1, y1, title):
        self.x0, self.y0, self.x1, self.y1 = x0, y0, x1, y1
        self.items = [f'<title>{title}</title>',
                      f'<rect x="0" y="0" width="{self.w()}" height="{self.h()}" fill="white"/>']

    def w(self):
        return round((self.x1 - self.x0) * S)

    def h(self):
        return round((self.y1 - self.y0) * S)

    def p(self, x, y):
        return f'{(x - self.x0) * S:.1f},{(self.y1 - y) * S:.1f}'

    def poly(self, pts, fill, stroke='black', opacity=1.0, width=1.5):
        d = ' '.join(self.p(x, y) for x, y in pts)
        self.items.append(f'<polygon points="{d}" fill="{fill}" fill-opacity="{opacity}" '
                          f'stroke="{stroke}" stroke-width="{width}"/>')

    def line(self, a, b, stroke='black', dash=False, width=1.5, arrow=False):
        (x1, y1), (x2, y2) = self.p(*a).split(','), self.p(*b).split(',')
        extra = ' stroke-dasharray="6,4"' if dash else ''
        extra += ' marker-end="url(#arrow)"' if arrow else ''
        self.items.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{stroke}" '
                          f'stroke-width="{width}"{extra}/>')

    def path(self, d, stroke='black', dash=False, arrow=False):
        extra = ' stroke-dasharray="6,4"' if dash else ''
        extra += ' marker-end="url(#arrow)"' if arrow else ''
        self.items.append(f'<path d="{d}" fill="none" stroke="{stroke}" stroke-width="1.5"{extra}/>')

    def dot(self, x, y, fill='black'):
        px, py = self.p(x, y).split(',')
        self.items.append(f'<circle cx="{px}" cy="{py}" r="4" fill="{fill}"/>')

    def text(self, x, y, s, size=14, anchor='middle'):
        px, py = self.p(x, y).split(',')
        self.items.append(f'<text x="{px}" y="{py}" font-family="sans-serif" font-size="{size}" '
                          f'text-anchor="{anchor}">{s}</text>')

    def write(self, name):
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.w()}" height="{self.h()}" '
                f'viewBox="0 0 {self.w()} {self.h()}">\n'
                '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
                'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>\n')
        (HERE / name).write_text(head + '\n'.join(self.items) + '\n</svg>\n')


def unit(pic, lx, ly, facing, frontage, depth, fill='#c8d8f0', label=None):
    """Draws a unit by its leader (centre of front edge); returns its corners."""
    a = math.radians(facing)
    ahead = (math.sin(a), math.cos(a))
    right = (math.cos(a), -math.sin(a))

    def at(u, v):
        return (lx + u * right[0] + v * ahead[0], ly + u * right[1] + v * ahead[1])

    c = [at(-frontage / 2, 0), at(frontage / 2, 0), at(frontage / 2, -depth), at(-frontage / 2, -depth)]
    pic.poly(c, fill)
    pic.line(c[0], c[1], width=4)  # the front edge, thick
    pic.dot(lx, ly)
    if label:
        cx, cy = at(0, -depth / 2)
        pic.text(cx, cy - 0.25, label, 12)
    return c


COLOURS = {'front': '#f6d7a7', 'right': '#cfe8c4', 'rear': '#e9c6c6', 'left': '#d8cfee'}


def zones_diagonals():
    pic = Picture(-12, -10, 12, 12, 'Zones by the extended diagonals')
    F, D, R = 6, 2, 40
    cy = -D / 2
    k = R
    c = (0, cy)
    fl, fr = (-k * F / 2, cy + k * D / 2), (k * F / 2, cy + k * D / 2)
    rl, rr = (-k * F / 2, cy - k * D / 2), (k * F / 2, cy - k * D / 2)
    pic.poly([c, fl, fr], COLOURS['front'], 'none')
    pic.poly([c, fr, rr], COLOURS['right'], 'none')
    pic.poly([c, rr, rl], COLOURS['rear'], 'none')
    pic.poly([c, rl, fl], COLOURS['left'], 'none')
    for a, b in ((fl, rr), (fr, rl)):
        pic.line(a, b, dash=True)
    unit(pic, 0, 0, 0, F, D)
    pic.text(0, 6, 'front')
    pic.text(9, -0.5, 'right flank')
    pic.text(-9, -0.5, 'left flank')
    pic.text(0, -7, 'rear')
    pic.text(0, 10.5, 'ZoneRule::diagonals', 13)
    pic.write('zones-diagonals.svg')


def zones_edge_lines():
    pic = Picture(-12, -10, 12, 12, 'Zones by the edge lines: a 90 degree front')
    F, D, K = 6, 2, 40
    hf = F / 2
    pic.poly([(-K, -D), (K, -D), (K, -K), (-K, -K)], COLOURS['rear'], 'none')
    pic.poly([(0, -D), (K, -D), (K, K - hf), (hf, 0), (0, 0)], COLOURS['right'], 'none')
    pic.poly([(0, -D), (-K, -D), (-K, K - hf), (-hf, 0), (0, 0)], COLOURS['left'], 'none')
    pic.poly([(-hf, 0), (-hf - K, K), (hf + K, K), (hf, 0)], COLOURS['front'], 'none')
    pic.line((-hf, 0), (-hf - K, K), dash=True)
    pic.line((hf, 0), (hf + K, K), dash=True)
    pic.line((-K, -D), (K, -D), dash=True)
    unit(pic, 0, 0, 0, F, D)
    pic.text(0, 6, 'front (90°)')
    pic.text(9, 1, 'right flank')
    pic.text(-9, 1, 'left flank')
    pic.text(0, -7, 'rear')
    pic.text(0, 10.5, 'ZoneRule::edge_lines', 13)
    pic.write('zones-edge-lines.svg')


def sight():
    pic = Picture(-14, -4, 14, 22, 'Line of sight from the leader')
    pic.poly([(-14, 0), (-14, 22), (14, 22), (14, 0)], '#f4ecd2', 'none')  # 180 arc
    pic.poly([(-3, 0), (-14, 11), (-14, 22), (14, 22), (14, 11), (3, 0)], '#f6d7a7', 'none')  # 90
    pic.line((-3, 0), (-14, 11), dash=True)
    pic.line((3, 0), (14, 11), dash=True)
    unit(pic, 0, 0, 0, 6, 2, label='viewer')
    pic.poly([(-4, 9), (1, 9), (1, 11), (-4, 11)], '#999999')
    pic.text(-1.5, 9.6, 'blocker', 11)
    tgt = unit(pic, 2, 18, 180, 6, 2, fill='#f0c8c8', label='target')
    pic.line((0, 0), (-1, 18), stroke='#b00000', dash=True)
    pic.line((0, 0), (4, 18), stroke='#007000')
    pic.text(9, 3, '90° arc (WAB fire)', 12)
    pic.text(-9.5, 1, '180° arc (formed, HYW)', 12)
    pic.write('sight.svg')


def measures():
    pic = Picture(-6, -4, 26, 18, 'Measuring between units')
    unit(pic, 0, 0, 0, 6, 2, label='A')
    unit(pic, 16, 10, 200, 6, 2, fill='#f0c8c8', label='B')
    # B's corners (leader 16,10 facing 200): nearest to A is its front right.
    a = math.radians(200)
    ahead = (math.sin(a), math.cos(a))
    right = (math.cos(a), -math.sin(a))
    b_fr = (16 + 3 * right[0], 10 + 3 * right[1])
    b_c = (16 - 1 * ahead[0], 10 - 1 * ahead[1])
    pic.line((3, 0), b_fr, stroke='#b00000', width=2.5)
    pic.text(6.5, 6.2, 'closest edges', 12, 'end')
    pic.line((0, 0), b_fr, stroke='#0050b0', dash=True)
    pic.text(2, 4.5, 'from the leader', 12, 'end')
    pic.line((0, -1), b_c, stroke='#555555', dash=True)
    pic.text(16, 3.5, 'centre to centre', 12)
    pic.write('measures.svg')


def wheel():
    pic = Picture(-6, -4, 20, 18, 'A wheel about the right front corner')
    unit(pic, 0, 0, 0, 6, 2, label='start')
    unit(pic, 3, 3, 90, 6, 2, fill='#f0c8c8', label='after 90°')
    # The outer (left) corner's arc: radius 6 about 3,0 from (-3,0) to (3,6).
    pic.path(f'M{pic.p(-3, 0)} A{6 * S},{6 * S} 0 0 0 {pic.p(3, 6)}', stroke='#b00000', arrow=True)
    pic.dot(3, 0, '#b00000')
    pic.text(3.5, -1.5, 'pivot', 12, 'start')
    pic.text(-4, 6.5, 'outer corner: angle × frontage', 12, 'start')
    pic.text(-4, 5.3, '= π/2 × 6" = 9.42"', 12, 'start')
    pic.write('wheel.svg')


def charge():
    pic = Picture(-6, -4, 24, 18, 'Charge reach: one wheel, then straight')
    unit(pic, 0, 0, 0, 6, 2, label='target')
    unit(pic, 10, 4, 270, 4, 2, fill='#f0c8c8', label='charger')
    # Wheel -90 about its left front corner (10,2): leader to (8,2), facing 180.
    unit(pic, 8, 2, 180, 4, 2, fill='#f0c8c8')
    pic.path(f'M{pic.p(10, 6)} A{4 * S},{4 * S} 0 0 1 {pic.p(6, 2)}', stroke='#b00000', arrow=True)
    unit(pic, 1, 0, 180, 4, 2, fill='#f7e0e0')
    pic.line((8, 2), (1, 0), stroke='#0050b0', dash=True, arrow=True)
    pic.text(12.5, 7.5, 'wheel: 2π" (outer corner)', 12, 'start')
    pic.text(4.5, -2.5, 'straight: √53"', 12)
    pic.write('charge.svg')


if __name__ == '__main__':
    zones_diagonals()
    zones_edge_lines()
    sight()
    measures()
    wheel()
    charge()
