#pragma once
// A move as steps, the distance each uses and the area it sweeps.
//
// The distance a step uses is how far its furthest-travelling point goes:
// "tant qu'aucune figurine ne franchit plus que la distance autorisée"
// (004_b7c666874e8df030.txt § 5-g Mouvements et proximité de l'ennemi). For
// a wheel that is the outer corner's arc, angle × frontage, which is also
// how Warhammer Ancient Battles counts it: "la distance parcourue par la
// figurine extérieure de la roue" (003_54822f0a7c7b7ce7.txt § Manœuvres,
// Roue). A turn in place ("Demi-tour", 003 § Manœuvres) moves no model
// forward: WAB charges a quarter of the move for it, which is the ruleset's
// business, so its step reports 0 and `is_turn`, and sweeps only the
// footprints before and after, its models turning where they stand.
#include <cstdint>
#include <span>
#include <vector>

#include "engine/geometry/tabletop/units.hpp"

namespace umpire::tabletop {

enum class StepKind : std::uint8_t {
  advance,   // straight ahead; a negative length backs away (000 § D6 Fiasco de commandement, 2
             // Repli)
  sidestep,  // straight to the right; negative to the left (000 § D6 Fiasco, 3 A gauche / 4 A
             // droite)
  wheel,     // about a front corner: clockwise (positive) pivots on the right corner
  turn,      // in place about the centre: ±90 swaps frontage and depth, 180 reverses
  oblique,   // straight at `angle` degrees clockwise from the facing, facing kept
};

struct Step {
  StepKind kind = StepKind::advance;
  double length = 0.0;  // advance, sidestep, oblique: inches
  double angle = 0.0;   // wheel, turn: degrees clockwise; oblique: direction

  static Step advance(double inches) { return {StepKind::advance, inches, 0.0}; }
  static Step sidestep(double inches) { return {StepKind::sidestep, inches, 0.0}; }
  static Step wheel(double deg) { return {StepKind::wheel, 0.0, deg}; }
  static Step turn(double deg) { return {StepKind::turn, 0.0, deg}; }
  static Step oblique(double inches, double deg) { return {StepKind::oblique, inches, deg}; }
};

struct StepResult {
  Footprint end;
  double distance = 0.0;  // the furthest any point of the unit travelled
  bool is_turn = false;
};

// Throws GeometryError on a non-finite length or angle.
StepResult apply_step(const Footprint& start, const Step& step);

struct MoveResult {
  Footprint end;
  double distance = 0.0;         // the sum over the steps
  std::vector<double> per_step;  // each step's distance, in order
  int turns = 0;                 // turn steps, for rules that charge them
  MultiPolygon swept;            // every point the unit covered on the way
};

MoveResult apply_move(const Footprint& start, std::span<const Step> steps);

// The area one step sweeps. A wheel is followed in slices of at
// most kSweepSliceDeg, each the convex hull of two successive footprints, so
// the arc of a corner at radius r is cut by chords at most r·(1-cos 1°) ≈
// 0.00015·r inside it: far below any tape measure.
inline constexpr double kSweepSliceDeg = 2.0;
MultiPolygon swept_area(const Footprint& start, const Step& step);

// How much of another unit a move passes through, as a fraction of that
// unit's area in [0, 1]: "moins de la moitié de l'unité est traversé"
// (000_a44b407871cbdad9.txt § Se déplacer à travers une unité; 004 § 5-h).
double fraction_crossed(const MultiPolygon& swept, const Footprint& other);

// False when the swept area surely misses `other`: for each of its parts an
// axis normal to an edge of the part or of the unit separates the two
// (separating axes, no overlay built). True when it may meet it, which only
// fraction_crossed tells for sure.
bool may_cross(const MultiPolygon& swept, const Footprint& other);

}  // namespace umpire::tabletop
