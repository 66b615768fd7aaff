"""Whack-A-VC content written for gamepack: invented venture capitalists, firms and phrases.

Shared by scripts/make-examples.py (examples/whack-a-vc) and scripts/make-fixtures.py (the Kinvey
CSV export fixtures under Tests/GamePackKitTests/Fixtures/whackavc), so that the example's
generated images carry the blob names the fixture's CSVs refer to. Every person, firm and
handle here is made up; the shape follows the game's Kinvey collections (see
Tests/GamePackKitTests/Fixtures/whackavc/README.md): 23 phrases, 20 VCs with two images each
(15 named `vcsnapN.png`/`vcN.png`, 5 named after the person), 7 of them with a Twitter handle,
and seven `.wav` sounds.
"""

# Shown while playing. Phrases 8, 17 and 19 hold a comma, written unquoted in Phrases.csv as the
# game's export did, so a CSV reader would split them.
PHRASES = [
    "Have you thought about the enterprise market?",
    "What does a customer cost you to acquire?",
    "Come back when you have traction",
    "Is this a feature or a company?",
    "Who else is in the round?",
    "Can you make the deck shorter?",
    "Let's stay in touch",
    "We love the team, not the market",
    "What happens when a giant copies you?",
    "Your burn rate worries me",
    "Have you tried a freemium plan?",
    "We need to see more monthly growth",
    "The valuation is a bit rich",
    "Send me the data room link",
    "We are a bit early for you",
    "How big is the addressable market?",
    "Think bigger, then double it",
    "Where is your moat?",
    "Ship it first, polish later",
    "Our partners meet on Mondays",
    "Let me loop in my associate",
    "Show me the cohort chart",
    "Have you met our portfolio company?",
]

# (name, firm, twitter handle or None, profile image blob, game image blob)
VCS = [
    ("Marta Hollis", "Kestrel Row Ventures", "marta_hollis_x", "vcsnap1.png", "vc1.png"),
    ("Oskar Brandt", "Tidewater Lane Capital", None, "vcsnap2.png", "vc2.png"),
    ("Priya Raman", "Lantern Street Partners", "priya_r_fund_x", "vcsnap3.png", "vc3.png"),
    ("Dmitri Vance", "Copperfield Seed Fund", None, "vcsnap4.png", "vc4.png"),
    ("Helen Okafor", "Bluestem Hill Equity", None, "vcsnap5.png", "vc5.png"),
    ("Tomas Lindqvist", "Harbour Light Ventures", None, "vcsnap6.png", "vc6.png"),
    ("Grace Whitlow", "Summit Row Capital", None, "vcsnap7.png", "vc7.png"),
    ("Felix Armand", "Quarry Hill Partners", None, "vcsnap8.png", "vc8.png"),
    ("Nadia Petrova", "Ironbark Lane Ventures", None, "vcsnap9.png", "vc9.png"),
    ("Samuel Achebe", "Westwind Growth Fund", None, "vcsnap10.png", "vc10.png"),
    ("Clara Jensen", "Meadowlark Seed", None, "vcsnap11.png", "vc11.png"),
    ("Victor Sato", "Palisade Lane Ventures", None, "vcsnap12.png", "vc12.png"),
    ("Irene Kowalski", "Foxglove Street Capital", None, "vcsnap13.png", "vc13.png"),
    ("Hugo Marchetti", "Stillwater Bend Partners", None, "vcsnap14.png", "vc14.png"),
    ("Leah Goldberg", "Brightline Orchard Fund", "leah_g_seed_x", "vcsnap15.png", "vc15.png"),
    ("Arjun Mehta", "Redwood Arch Capital", "arjun_m_vc_x", "Arjun_Mehta_p.png", "Arjun_Mehta_g.png"),
    ("Zoe Fontaine", "Cobalt Bay Ventures", "zoe_fontaine_x", "Zoe_Fontaine_p.png", "Zoe_Fontaine_g.png"),
    ("Bram de Vries", "Polder Gate Capital", "bram_dv_fund_x", "Bram_de_Vries_p.png", "Bram_de_Vries_g.png"),
    ("Ingrid Solberg", "Fjordline Partners", None, "Ingrid_Solberg_p.png", "Ingrid_Solberg_g.png"),
    ("Marcus Bell", "Greyhaven Orchard Partners", "marcus_bell_x", "Marcus_Bell_p.png", "Marcus_Bell_g.png"),
]

# resourceName -> (example id, example name, tone frequency in Hz)
SOUND_TONES = [
    ("A.wav", "tone-a", "Tone A", 440.00),
    ("B.wav", "tone-b", "Tone B", 493.88),
    ("C.wav", "tone-c", "Tone C", 523.25),
    ("D.wav", "tone-d", "Tone D", 587.33),
    ("E.wav", "tone-e", "Tone E", 659.25),
    ("sound1.wav", "sound-1", "Sound 1", 330.00),
    ("sound2.wav", "sound-2", "Sound 2", 880.00),
]

assert len(PHRASES) == 23 and len(VCS) == 20
assert sum(1 for vc in VCS if vc[2]) == 7
