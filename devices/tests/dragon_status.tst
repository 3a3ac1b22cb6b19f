# dragon_status on the device against the host's small build:
# scripts/device-check --small --stack --data ../shared/gnugo-regress
# runs this file from GNU Go's regression folder, so games/ is its
# games/. A dead dragon's status (G3 of 9x9-4, read from cold caches)
# and the no-argument listing of three finished 9x9 games; the listing
# of 9x9-6 reaches the console stack's high water of the listings.
# device-check requires the device's answers to equal the host's; the
# `#?` lines are GNU Go's form of an expected answer.

loadsgf games/9x9-4.sgf
1 dragon_status G3
#? [dead]

2 dragon_status
#? [.*]

loadsgf games/9x9-1.sgf
3 dragon_status
#? [.*]

loadsgf games/9x9-6.sgf
4 dragon_status
#? [.*]
