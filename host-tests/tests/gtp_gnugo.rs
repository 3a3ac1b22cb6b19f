//! The console against a transcript recorded from GNU Go 3.8
//! (`gnugo --mode gtp --quiet` on the same script, answers unchanged).
//! Commands whose answers depend on reading (`attack`/`defend` on stones)
//! and `name`/`version` are left out.

use owlet_host_tests::console::Console;

const SCRIPT: &str = r#"protocol_version
1 protocol_version
known_command play
known_command loadsgf
known_command foo
known_command
foo
3 foo
NAME
+5 protocol_version
-5 protocol_version
007 protocol_version
boardsize
boardsize 0
boardsize 20
boardsize x
boardsize 9.5
komi
komi x
komi 6.5x
get_komi
komi -3
get_komi
komi 100
get_komi
play
play b
play x d4
play b z4
play b i4
play b j10
play b d4
play b d4
play w d5
play b e5
play w c4
play b a1
play w b1
showboard
findlib d4
findlib e9
findlib a1
countlib a1
countlib d4
countlib e9
countlib
countlib z9
countlib pass
findlib
is_legal b e9
is_legal w d4
is_legal
is_legal b
is_legal b pass
is_legal x e9
captures black
captures white
captures
captures x
play b a2
play w a3
play b b2
captures black
showboard
undo
undo
captures black
showboard
attack
attack z9
attack e9
defend e9
defend
trymove
trymove b
trymove b e9
trymove b e9
trymove w f9
trymove x c3
trymove w pass
findlib e9
countlib e9
showboard
popgo
popgo
popgo
popgo
showboard
reset_reading_node_counter
get_reading_node_counter
increase_depths
decrease_depths
clear_board
showboard
undo
boardsize 5
play b a2
play w a1
play b b1
play w c1
play b e5
play w b2
showboard
boardsize 2
play b a1
play w b1
play b b2
play w a2
showboard
boardsize 13
play b g7
play b f6
showboard
boardsize 19
play b q16
play w k10
play b pass
undo
undo
undo
undo
showboard
boardsize 9
white e5
white e5
white z9
white
black pass
black e6 x
undo
undo
undo
showboard
10 quit
"#;

const GNUGO: &str = r#"= 2

=1 2

= true

= true

= false

= false

? unknown command

?3 unknown command

? unknown command

=5 2

= 2

=7 2

? boardsize not an integer

? unacceptable size

? unacceptable size

? boardsize not an integer

= 

? komi not a float

? komi not a float

= 

=  6.5

= 

= -3.0

= 

= 100.0

? invalid color or coordinate

? invalid color or coordinate

? invalid color or coordinate

? invalid color or coordinate

? invalid color or coordinate

? invalid color or coordinate

= 

? illegal move

= 

= 

= 

= 

= 

= 
   A B C D E F G H J
 9 . . . . . . . . . 9
 8 . . . . . . . . . 8
 7 . . + . . . + . . 7
 6 . . . . . . . . . 6
 5 . . . O X . . . . 5
 4 . . O X . . . . . 4
 3 . . + . . . + . . 3
 2 . . . . . . . . . 2     WHITE (O) has captured 0 stones
 1 X O . . . . . . . 1     BLACK (X) has captured 0 stones
   A B C D E F G H J

= E4 D3

? vertex must not be empty

= A2

= 1

= 2

? vertex must not be empty

? invalid coordinate

? invalid coordinate

? invalid coordinate

? invalid coordinate

= 1

= 0

? invalid color or coordinate

? invalid color or coordinate

= 1

? invalid color or coordinate

= 0

= 0

? invalid color

? invalid color

= 

= 

= 

= 0

= 
   A B C D E F G H J
 9 . . . . . . . . . 9
 8 . . . . . . . . . 8
 7 . . + . . . + . . 7
 6 . . . . . . . . . 6
 5 . . . O X . . . . 5
 4 . . O X . . . . . 4
 3 O . + . . . + . . 3
 2 X X . . . . . . . 2     WHITE (O) has captured 0 stones
 1 X O . . . . . . . 1     BLACK (X) has captured 0 stones
   A B C D E F G H J

= 

= 

= 0

= 
   A B C D E F G H J
 9 . . . . . . . . . 9
 8 . . . . . . . . . 8
 7 . . + . . . + . . 7
 6 . . . . . . . . . 6
 5 . . . O X . . . . 5
 4 . . O X . . . . . 4
 3 . . + . . . + . . 3
 2 X . . . . . . . . 2     WHITE (O) has captured 0 stones
 1 X O . . . . . . . 1     BLACK (X) has captured 0 stones
   A B C D E F G H J

? invalid coordinate

? invalid coordinate

? vertex must not be empty

? vertex must not be empty

? invalid coordinate

? invalid color or coordinate

? invalid color or coordinate

= 

? illegal move

= 

? invalid color or coordinate

= 

= D9 E8

= 2

= 
   A B C D E F G H J
 9 . . . . X O . . . 9
 8 . . . . . . . . . 8
 7 . . + . . . + . . 7
 6 . . . . . . . . . 6
 5 . . . O X . . . . 5
 4 . . O X . . . . . 4
 3 . . + . . . + . . 3
 2 X . . . . . . . . 2     WHITE (O) has captured 0 stones
 1 X O . . . . . . . 1     BLACK (X) has captured 0 stones
   A B C D E F G H J

= 

= 

= 

? Stack empty.

= 
   A B C D E F G H J
 9 . . . . . . . . . 9
 8 . . . . . . . . . 8
 7 . . + . . . + . . 7
 6 . . . . . . . . . 6
 5 . . . O X . . . . 5
 4 . . O X . . . . . 4
 3 . . + . . . + . . 3
 2 X . . . . . . . . 2     WHITE (O) has captured 0 stones
 1 X O . . . . . . . 1     BLACK (X) has captured 0 stones
   A B C D E F G H J

= 

= 0

= 

= 

= 

= 
   A B C D E F G H J
 9 . . . . . . . . . 9
 8 . . . . . . . . . 8
 7 . . + . . . + . . 7
 6 . . . . . . . . . 6
 5 . . . . + . . . . 5
 4 . . . . . . . . . 4
 3 . . + . . . + . . 3
 2 . . . . . . . . . 2     WHITE (O) has captured 0 stones
 1 . . . . . . . . . 1     BLACK (X) has captured 0 stones
   A B C D E F G H J

? cannot undo

= 

= 

= 

= 

= 

= 

= 

= 
   A B C D E
 5 . . . . X 5
 4 . + . + . 4
 3 . . + . . 3
 2 X O . + . 2     WHITE (O) has captured 0 stones
 1 . X O . . 1     BLACK (X) has captured 1 stones
   A B C D E

= 

= 

= 

= 

? illegal move

= 
   A B
 2 . X 2     WHITE (O) has captured 0 stones
 1 X . 1     BLACK (X) has captured 1 stones
   A B

= 

= 

= 

= 
   A B C D E F G H J K L M N
13 . . . . . . . . . . . . . 13
12 . . . . . . . . . . . . . 12
11 . . . . . . . . . . . . . 11
10 . . . + . . + . . + . . . 10
 9 . . . . . . . . . . . . . 9
 8 . . . . . . . . . . . . . 8
 7 . . . + . . X . . + . . . 7
 6 . . . . . X . . . . . . . 6
 5 . . . . . . . . . . . . . 5     WHITE (O) has captured 0 stones
 4 . . . + . . + . . + . . . 4     BLACK (X) has captured 0 stones
 3 . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . 2
 1 . . . . . . . . . . . . . 1
   A B C D E F G H J K L M N

= 

= 

= 

= 

= 

= 

= 

? cannot undo

= 
   A B C D E F G H J K L M N O P Q R S T
19 . . . . . . . . . . . . . . . . . . . 19
18 . . . . . . . . . . . . . . . . . . . 18
17 . . . . . . . . . . . . . . . . . . . 17
16 . . . + . . . . . + . . . . . + . . . 16
15 . . . . . . . . . . . . . . . . . . . 15
14 . . . . . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . . . . . . . . . 13
12 . . . . . . . . . . . . . . . . . . . 12
11 . . . . . . . . . . . . . . . . . . . 11     WHITE (O) has captured 0 stones
10 . . . + . . . . . + . . . . . + . . . 10     BLACK (X) has captured 0 stones
 9 . . . . . . . . . . . . . . . . . . . 9
 8 . . . . . . . . . . . . . . . . . . . 8
 7 . . . . . . . . . . . . . . . . . . . 7
 6 . . . . . . . . . . . . . . . . . . . 6
 5 . . . . . . . . . . . . . . . . . . . 5
 4 . . . + . . . . . + . . . . . + . . . 4
 3 . . . . . . . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . . . . . 2
 1 . . . . . . . . . . . . . . . . . . . 1
   A B C D E F G H J K L M N O P Q R S T

= 

= 

? illegal move

? invalid coordinate

? invalid coordinate

= 

= 

= 

= 

= 

= 
   A B C D E F G H J
 9 . . . . . . . . . 9
 8 . . . . . . . . . 8
 7 . . + . . . + . . 7
 6 . . . . . . . . . 6
 5 . . . . + . . . . 5
 4 . . . . . . . . . 4
 3 . . + . . . + . . 3
 2 . . . . . . . . . 2     WHITE (O) has captured 0 stones
 1 . . . . . . . . . 1     BLACK (X) has captured 0 stones
   A B C D E F G H J

=10 

"#;

#[test]
fn answers_like_gnugo() {
    let mut console = Console::new();
    let mut got = Vec::new();
    console.serve(SCRIPT.as_bytes(), &mut got).unwrap();
    let got = String::from_utf8(got).unwrap();
    // Compare answer by answer for a readable failure.
    let expected: Vec<&str> = GNUGO.split_inclusive("\n\n").collect();
    let answers: Vec<&str> = got.split_inclusive("\n\n").collect();
    let commands: Vec<&str> = SCRIPT.lines().filter(|l| !l.trim().is_empty()).collect();
    for (i, (want, have)) in expected.iter().zip(&answers).enumerate() {
        assert_eq!(
            have,
            want,
            "answer {} (command {:?})",
            i + 1,
            commands.get(i)
        );
    }
    assert_eq!(answers.len(), expected.len());
}
