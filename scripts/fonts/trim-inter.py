#!/usr/bin/env python3
"""
Makes apps/web/src/app/styles/fonts/inter-latin-wght-400-700.woff2 from @fontsource-variable/inter's latin face.

Every page downloads the latin face before its first paint, so its size counts against every page's LCP. The shop
sets text only at weights 400 to 700 and uses no fractions, so this keeps the variable weight axis from 400 to 700
(fonts.css declares the same range), every character of the face, and the features the styles can reach: tabular
and proportional figures (prices are tabular), contextual forms, composition, localised forms, kerning and marks.
Dropped: weights outside 400-700, the fraction features and glyph names. About a third smaller (48 KB to 32 KB).

Run after upgrading @fontsource-variable/inter, from the repository root (Debian: apt-get install python3-fonttools
python3-brotli):  python3 scripts/fonts/trim-inter.py
"""
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'
TARGET = ROOT / 'apps/web/src/app/styles/fonts/inter-latin-wght-400-700.woff2'
WEIGHTS = (400, 700)
FEATURES = ['calt', 'ccmp', 'locl', 'pnum', 'tnum', 'kern', 'mark', 'mkmk']

font = TTFont(SOURCE, lazy=False)
options = subset.Options()
options.layout_features = FEATURES
options.name_IDs = ['*']
options.name_languages = ['*']
options.notdef_outline = True
options.glyph_names = False
subsetter = subset.Subsetter(options)
subsetter.populate(unicodes=font.getBestCmap().keys())
subsetter.subset(font)

font = instancer.instantiateVariableFont(font, {'wght': WEIGHTS})
font.flavor = 'woff2'
font.save(TARGET)
print(f'{TARGET.relative_to(ROOT)}: {SOURCE.stat().st_size} -> {TARGET.stat().st_size} bytes')
