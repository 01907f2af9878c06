"""Colour difference as a person with colour blindness sees it: colorspacious's CVD simulation, then CIEDE2000.

`seen(rgb, vision)` runs colorspacious's "sRGB1+CVD" model (Machado et al. 2009) at severity 100
(protanopia, deuteranopia, tritanopia); `ciede2000(lab1, lab2)` is the CIE 2000 colour difference,
written from the formula in Sharma, Wu and Dalal, "The CIEDE2000 Color-Difference Formula:
Implementation Notes, Supplementary Test Data, and Mathematical Observations" (2005), and checked
against that paper's test pairs in tests/ui/test_palette_cvd.py.
"""

from __future__ import annotations

import math

import numpy
from colorspacious import cspace_convert

Lab = tuple[float, float, float]
VISIONS = {"protanopia": "protanomaly", "deuteranopia": "deuteranomaly", "tritanopia": "tritanomaly"}


def seen(rgb: tuple[int, int, int], vision: str | None) -> Lab:
    """CIELab (D65) of an sRGB colour (0-255) as seen with `vision` (None: normal colour vision)."""
    colour = numpy.asarray(rgb, dtype=float) / 255.0
    if vision is not None:
        cvd = {"name": "sRGB1+CVD", "cvd_type": VISIONS[vision], "severity": 100}
        colour = numpy.clip(cspace_convert(colour, cvd, "sRGB1"), 0.0, 1.0)  # a screen shows no light outside sRGB
    L, a, b = cspace_convert(colour, "sRGB1", "CIELab")
    return float(L), float(a), float(b)


def ciede2000(lab1: Lab, lab2: Lab) -> float:
    """CIEDE2000 colour difference (kL = kC = kH = 1)."""
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    d_l = L2 - L1
    d_c = c2p - c1p
    if c1p * c2p == 0:
        d_h = 0.0
    elif abs(h2p - h1p) <= 180:
        d_h = h2p - h1p
    elif h2p - h1p > 180:
        d_h = h2p - h1p - 360
    else:
        d_h = h2p - h1p + 360
    d_hh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(d_h / 2))
    l_bar = (L1 + L2) / 2
    cp_bar = (c1p + c2p) / 2
    if c1p * c2p == 0:
        hp_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hp_bar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hp_bar = (h1p + h2p + 360) / 2
    else:
        hp_bar = (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hp_bar - 30)) + 0.24 * math.cos(math.radians(2 * hp_bar))
         + 0.32 * math.cos(math.radians(3 * hp_bar + 6)) - 0.20 * math.cos(math.radians(4 * hp_bar - 63)))
    d_theta = 30 * math.exp(-(((hp_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar ** 7 / (cp_bar ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * cp_bar
    s_h = 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_hh / s_h) ** 2 + r_t * (d_c / s_c) * (d_hh / s_h))


def difference(rgb1: tuple[int, int, int], rgb2: tuple[int, int, int], vision: str | None) -> float:
    """ΔE2000 between two sRGB colours as seen with `vision`."""
    return ciede2000(seen(rgb1, vision), seen(rgb2, vision))
