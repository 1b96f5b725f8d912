"""A deterministic set of varied English sentences for comparing Whisper normalizers.

Numbers (spelled and in digits, ordinals, years, decimals, fractions), currencies,
percentages, contractions, British and American spellings, punctuation, brackets and
parentheses, fillers, titles, diacritics and symbols, combined from hand-written parts.
"""

from __future__ import annotations

import random

WRITTEN = [
    "Hmm, I'd say it's about twenty-five percent [laughs] of the colour.",
    "The cause of the fire was unknown, 'cause nobody checked.",
    "I dunno, it's kinda weird and sorta funny.",
    "We paid $20 million for it (not £5).",
    "He won't go; she can't stay; they're gonna leave at 7:30 p.m.",
    "Mr. Smith and Dr. Jones met St. John on the 21st of May, 1999.",
    "It costs one hundred and twenty-three dollars and forty-five cents.",
    "Two and a half thousand people, i.e. 2,500, came.",
    "The 1960s were wild; the '90s less so.",
    "Um, uh, mhm, mm, mmm... okay!",
    "Café naïve résumé — déjà vu, “quoted” and ‘single’.",
    "Apples & oranges @ 50% off #sale",
    "One point five million euros, €1.5m, is a lot.",
    "She travelled to the centre to analyse the programme's defence.",
    "You've got to be kidding, y'all ain't serious.",
    "Let's wanna gotta gonna.",
    "The first, second and third place went to 1st, 2nd and 3rd.",
    "Forty million and 40 million are the same.",
    "Five pounds fifty and £5.50 and fifty pence.",
    "Nineteen ninety-nine, two thousand and seven, twenty twenty.",
    "Zero, oh, nil: 0.",
    "Three quarters, a half, one third, 3/4 and 1/2.",
    "The ratio was 3:2 and the score 2-1.",
    "Call 555-1234 or +44 20 7946 0958.",
    "He said: \"I'm not sure.\" Then he left.",
    "[MUSIC] (applause) <unk> {noise}",
    "Ummm, hmmm, uhh, errr.",
    "It's the organisation's favourite colour, grey.",
    "The theatre's licence was cancelled.",
    "O'Brien's and McDonald's aren't the same.",
]

OPENINGS = ["", "Well, ", "So ", "Hmm, ", "Um, ", "Uh, ", "Okay. ", "Honestly, ", "Mhm, ", "Right — ",
            "Look: ", "(Pause) ", "[inaudible] ", "Erm, ", "And ", "But, ", "Mm, ", "You know, "]
SUBJECTS = ["I", "we", "you", "they", "she", "he", "the government", "our team", "the BBC", "Mr. Brown",
            "Dr. Patel", "the minister", "my neighbour", "the company", "everyone", "nobody", "the jury",
            "St. Mary's", "the labour party", "the centre-right"]
VERBS = ["'ve spent", " spent", "'ll pay", " paid", "'d raise", " raised", " can't afford", " won't lose",
         " didn't get", " wouldn't owe", "'re gonna spend", " wanna save", " gotta find", " ain't got",
         " couldn't've found", " shan't give", " should've had", " must've seen", " doesn't need", " isn't asking for"]
AMOUNTS = ["£5", "$20", "€3.50", "£1,000", "$2.5 million", "$1.2bn", "twenty dollars", "five pounds",
           "fifty pence", "ten cents", "a hundred quid", "£5.99", "$0.99", "€1,234.56", "three euros",
           "forty million pounds", "one point five billion dollars", "£40m", "$12,345,678", "two thousand dollars",
           "nine hundred and ninety-nine pounds", "£10k", "US$50", "¥100", "₹500", "$5 and 50 cents",
           "seventy-five cents", "£3.05", "a million dollars", "half a million pounds"]
QUANTITIES = ["25%", "twenty-five percent", "3.5 per cent", "one hundred percent", "50 per cent",
              "the 21st", "the second", "the 3rd", "the hundredth", "the 1,000th", "1999", "2007", "the 1960s",
              "nineteen eighty-four", "twenty twenty-one", "two thousand and one", "1.5", "0.75", "three quarters",
              "one and a half", "seven", "11", "twelve", "13th", "a dozen", "dozens", "10,000", "ten thousand",
              "one million", "1m", "a couple", "twenty-one", "ninety-nine", "101", "1,001", "zero", "oh seven",
              "double seven", "number 9", "No. 10", "4 x 4", "6ft", "5'11\"", "10 km", "3 kg", "20 °C",
              "99.9%", "minus five", "-5", "+3"]
OBJECTS = ["on the colour scheme", "for the organisation", "at the theatre", "on the programme", "in the centre",
           "on defence", "for their behaviour", "on the neighbourhood", "for the catalogue", "on licences",
           "to analyse it", "to realise it", "on aluminium", "for the travellers", "on grey paint",
           "for the jewellery", "on the tyres", "at the kerb", "on the cheque", "for the mould",
           "to apologise", "to organise the event", "on favourite things", "for the honour", "on the axe",
           "for pyjamas", "on the plough", "in the storey above", "for the manoeuvre", "on the oestrogen study",
           "at the café", "for the naïve fiancée", "on crème brûlée", "in Zürich", "for Beyoncé's tour",
           "on the Øresund bridge", "in the Straße", "for the Señor's piñata", "at the École", "on Ærø"]
ENDINGS = [".", "!", "?", "...", " (roughly).", " [laughter]", ", right?", " — really.", "; okay.", ": yes!",
           " (I think)", "…", ",", " um.", " hmm?", " [crosstalk] ok", " “honestly”.", " ‘maybe’.", " & more.",
           " etc."]
CASES = [str, str.upper, str.lower, str.title, str]


def sentences(count: int = 1200, seed: int = 16) -> list:
    """The written sentences and ``count`` generated ones, all distinct, in a fixed order."""
    rng = random.Random(seed)
    out = list(WRITTEN)
    seen = set(out)
    while len(out) < len(WRITTEN) + count:
        what = rng.choice((AMOUNTS, QUANTITIES))
        text = (f"{rng.choice(OPENINGS)}{rng.choice(SUBJECTS)}{rng.choice(VERBS)} {rng.choice(what)} "
                f"{rng.choice(OBJECTS)}{rng.choice(ENDINGS)}")
        if rng.random() < 0.3:
            text += f" {rng.choice(QUANTITIES)} {rng.choice(OBJECTS)}{rng.choice(ENDINGS)}"
        text = rng.choice(CASES)(text)
        if text not in seen:
            seen.add(text)
            out.append(text)
    return out
