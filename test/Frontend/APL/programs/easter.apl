⍝ RUN: tailc run %s | FileCheck %s
⍝ Easter (FHPC'16 §6.2; thesis §3.5.2): the date of Easter Sunday in every year 1…n of the
⍝ Gregorian calendar (Knuth's algorithm E, TAOCP 1.3.2 exercise 14); the program's value is the
⍝ sum of the day numbers counted from 1 March (22…56). Paper size: n = 10,000,000.
⍝ CHECK: [6](20140420,20150405,20160327,20170416,18180322,22850322)
⍝ CHECK-NEXT: [](118222.0)
n ← 3000                              ⍝ SIZE
easter ← {                            ⍝ Easter Sunday of the years ⍵, as a day of March
  G ← 1+19|⍵                          ⍝ golden number
  C ← 1+⌊⍵÷100                        ⍝ century
  X ← ¯12+⌊(3×C)÷4                    ⍝ years in which the leap year was dropped
  Z ← ¯5+⌊(5+8×C)÷25                  ⍝ moon's orbit correction
  D ← (⌊(5×⍵)÷4)-X+10                 ⍝ March ((-D) mod 7) is a Sunday
  E ← 30|(11×G)+20+Z-X                ⍝ epact
  E ← E+(E=24)∨(E=25)∧G>11
  N ← 44-E                            ⍝ full moon: March N
  N ← N+30×N<21
  N+7-7|D+N                           ⍝ the Sunday after it
}
date ← {                              ⍝ yyyymmdd
  N ← easter ⍵
  (10000×⍵)+(100×3+N>31)+N-31×N>31
}
⎕ ← date 2014 2015 2016 2017 1818 2285
+/ easter ⍳n
