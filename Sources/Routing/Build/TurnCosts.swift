import Foundation

/// What a turn costs, after OSRM `profiles/car.lua` (v26.10) `process_turn`, kept as data.
///
/// At a junction of three or more roads a turn costs `turnPenaltySeconds / (1 + e^-(…))`, a sigmoid of the turn
/// angle that is ~0 s straight on, ~2 s for a right turn and ~5 s for a left one (`turnBias` leans it to the side
/// traffic drives on), plus `oncomingTurnPenaltySeconds` tapered the same way for a turn across oncoming traffic.
/// A U-turn is allowed only at a dead end, where it costs the sigmoid plus `uTurnPenaltySeconds`. Where only two
/// roads meet (a bend), going on is free. Angles come from the bearings of the two segments at the junction
/// (OSRM looks a little further along each road); traffic is taken to drive on the right.
public struct TurnCosts: Sendable, Equatable {
    /// The most a turn costs before the U-turn penalty (car.lua `turn_penalty = 7.5`), in seconds.
    public let turnPenaltySeconds: Double
    /// How much cheaper a turn away from oncoming traffic is (car.lua `turn_bias = 1.075`).
    public let turnBias: Double
    /// Added to a U-turn (car.lua `u_turn_penalty = 20`), in seconds.
    public let uTurnPenaltySeconds: Double
    /// Added to a turn across oncoming traffic, tapered by angle (car.lua `oncoming_turn_penalty = 2.0`), in seconds.
    public let oncomingTurnPenaltySeconds: Double

    /// Creates turn costs from their data.
    public init(
        turnPenaltySeconds: Double, turnBias: Double, uTurnPenaltySeconds: Double, oncomingTurnPenaltySeconds: Double
    ) {
        self.turnPenaltySeconds = turnPenaltySeconds
        self.turnBias = turnBias
        self.uTurnPenaltySeconds = uTurnPenaltySeconds
        self.oncomingTurnPenaltySeconds = oncomingTurnPenaltySeconds
    }

    /// OSRM 26.10 `car.lua`'s values.
    public static let car = TurnCosts(
        turnPenaltySeconds: 7.5, turnBias: 1.075, uTurnPenaltySeconds: 20, oncomingTurnPenaltySeconds: 2)

    /// The seconds a turn costs.
    /// - Parameters:
    ///   - angleDegrees: the change of heading, -180…180, positive to the right, 0 straight on.
    ///   - roads: how many roads meet at the junction (the one arrived on included).
    ///   - isUTurn: true when the turn goes back along the road it came from.
    public func seconds(angleDegrees angle: Double, roads: Int, isUTurn: Bool) -> Double {
        guard roads > 2 || isUTurn else { return 0 }
        var seconds: Double
        if angle >= 0 {
            seconds = turnPenaltySeconds / (1 + exp(-((13 / turnBias) * angle / 180 - 6.5 * turnBias)))
        } else {
            seconds = turnPenaltySeconds / (1 + exp(-((13 * turnBias) * -angle / 180 - 6.5 / turnBias)))
        }
        if angle < 0 && !isUTurn && roads > 2 {
            seconds += oncomingTurnPenaltySeconds / (1 + exp(-(13 * abs(angle) / 180 - 3.25)))
        }
        if isUTurn { seconds += uTurnPenaltySeconds }
        return seconds
    }
}
